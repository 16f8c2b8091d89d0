import { pageMeta } from "~/app/meta";
import Page from "~/pages/guardian-invite";

export const meta = () =>
  pageMeta("Become a guardian", "Follow and act for your child on the team's Flagline, with your consent recorded.");

export default Page;
