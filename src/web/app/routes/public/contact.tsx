import { pageMeta } from "~/app/meta";
import Page from "~/pages/contact";

export const meta = () => pageMeta("Contact", "Questions about running Flagline or a support plan? Send us a message.");

export default Page;
