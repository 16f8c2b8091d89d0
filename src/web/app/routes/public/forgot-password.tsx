import { pageMeta } from "~/app/meta";
import Page from "~/pages/forgot-password";

export const meta = () => pageMeta("Forgot password", "Get a link to choose a new Flagline password.");

export default Page;
