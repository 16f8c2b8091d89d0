import { AppPageHeader } from "~/ui/app-page";
import { AccountSections } from "./account-sections";

/** The coach's Account screen (docs/product.md §11); players find the same sections on My Profile. */
export function AccountPage() {
  return (
    <div className="space-y-8">
      <AppPageHeader
        title="Account"
        lead="Your password and login email, which emails you get, a copy of your data, or deleting your account."
      />
      <div className="max-w-2xl">
        <AccountSections />
      </div>
    </div>
  );
}
