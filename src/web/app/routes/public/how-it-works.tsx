import { pageMeta } from "~/app/meta";
import Page from "~/pages/how-it-works";

export const meta = () =>
  pageMeta(
    "How It Works",
    "A coach signs up and gets a team code, players join with it, plays are logged from the sideline and everyone sees stats live.",
  );

export default Page;
