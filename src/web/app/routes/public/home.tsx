import Page from "~/pages/home";

export const meta = () => [
  { title: "Flagline — Track every snap. Grow every player." },
  {
    name: "description",
    content:
      "Self-hosted performance tracking for flag-football teams: sideline logging in two taps, a live leaderboard, player search and dashboards for every player.",
  },
];

export default Page;
