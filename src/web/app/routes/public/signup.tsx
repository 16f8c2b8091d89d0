import { pageMeta } from "~/app/meta";
import Page from "~/pages/signup";

export const meta = () =>
  pageMeta("Sign up", "Create a Flagline account: coaches create a team, players join with their team code.");

export default Page;
