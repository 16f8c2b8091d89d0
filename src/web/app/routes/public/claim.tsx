import { pageMeta } from "~/app/meta";
import Page from "~/pages/claim";

export const meta = () =>
  pageMeta("Claim your place", "Claim the place your coach saved for you on the team's roster.");

export default Page;
