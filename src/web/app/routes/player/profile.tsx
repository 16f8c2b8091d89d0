import { pageMeta } from "~/app/meta";
import { AccountSections } from "~/features/account/account-sections";
import { ProfilePage } from "~/features/profile/profile-page";

export const meta = () =>
  pageMeta("My Profile", "Your photo, name, jersey number, positions, password, email, emails you get and data.");

export default function PlayerProfile() {
  return (
    <div className="space-y-8">
      <ProfilePage />
      <div className="max-w-2xl">
        <AccountSections />
      </div>
    </div>
  );
}
