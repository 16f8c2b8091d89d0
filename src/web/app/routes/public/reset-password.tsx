import { pageMeta } from "~/app/meta";
import Page from "~/pages/reset-password";

export const meta = () => pageMeta("Choose a new password", "Set a new password for your Flagline account.");

export default Page;
