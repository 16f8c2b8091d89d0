import { pageMeta } from "~/app/meta";
import { AccountSections } from "~/features/account/account-sections";
import { ProfilePage } from "~/features/profile/profile-page";
import { useCurrentUser } from "~/lib/session-context";

export const meta = () =>
  pageMeta("My Profile", "Your photo, name, jersey number, positions, password, email, emails you get and data.");

export default function PlayerProfile() {
  const user = useCurrentUser();
  return (
    <div className="space-y-8">
      <ProfilePage />
      {/* A guardian acting for the child (docs/product.md §13) keeps their own account on the Family page. */}
      {user.actingGuardian ? null : (
        <div className="max-w-2xl">
          <AccountSections />
        </div>
      )}
    </div>
  );
}
