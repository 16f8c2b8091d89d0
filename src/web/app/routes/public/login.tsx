import { pageMeta } from "~/app/meta";
import Page from "~/pages/login";

export const meta = () =>
  pageMeta("Log in", "Log in to Flagline to log plays, follow your team or see your own stats.");

export default Page;
