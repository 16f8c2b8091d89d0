import { pageMeta } from "~/app/meta";
import Page from "~/pages/confirm-email";

export const meta = () => pageMeta("Confirm your new email", "Confirm the new email address of your Flagline account.");

export default Page;
