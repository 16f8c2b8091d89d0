import { ChangeEmailCard } from "./change-email-card";
import { MyDataCard } from "./my-data-card";

/** Change email, download my data and delete my account: on the coach's Account screen and on My Profile. */
export function AccountSections() {
  return (
    <div id="account" className="space-y-8">
      <ChangeEmailCard />
      <MyDataCard />
    </div>
  );
}
