import { useCurrentUser } from "~/lib/session-context";
import { ChangeEmailCard } from "./change-email-card";
import { MailPreferencesCard } from "./mail-preferences-card";
import { MyDataCard } from "./my-data-card";
import { NotificationsCard } from "./notifications-card";
import { PasswordForm } from "./password-form";

/**
 * Password, email, which emails and notifications you get, download my data and delete my account: on the coach's Account screen and
 * on My Profile.
 */
export function AccountSections() {
  const me = useCurrentUser();
  return (
    <div id="account" className="space-y-8">
      <PasswordForm email={me.email} />
      <ChangeEmailCard />
      <MailPreferencesCard />
      <NotificationsCard />
      <MyDataCard />
    </div>
  );
}
