import { pageMeta } from "~/app/meta";
import { AccountPage } from "~/features/account/account-page";

export const meta = () =>
  pageMeta("Account", "Change your password or login email, download your data or delete your Flagline account.");

export default function CoachAccount() {
  return <AccountPage />;
}
