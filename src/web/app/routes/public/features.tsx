import { pageMeta } from "~/app/meta";
import Page from "~/pages/features";

export const meta = () =>
  pageMeta(
    "Features",
    "Sideline logging, a live leaderboard, player search, team stats and playbook analysis for coaches; dashboards, profiles and training logs for players.",
  );

export default Page;
