import { pageMeta } from "~/app/meta";
import { UnsubscribePage } from "~/features/unsubscribe/unsubscribe-page";

export const meta = () => pageMeta("Flagline emails", "Stop one kind of email from Flagline.");

export default UnsubscribePage;
