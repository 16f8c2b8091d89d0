import { pageMeta } from "~/app/meta";
import Page from "~/pages/pricing";

export const meta = () =>
  pageMeta(
    "Pricing",
    "Flagline is free, open and self-hosted with every feature included. Optional Club and League plans add support.",
  );

export default Page;
