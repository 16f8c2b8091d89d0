import { pageMeta } from "~/app/meta";
import Page from "~/pages/about";

export const meta = () =>
  pageMeta(
    "About Us",
    "Why Flagline exists: honest, position-fair feedback for every flag-football player, on software teams run themselves.",
  );

export default Page;
