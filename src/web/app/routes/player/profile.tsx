import { pageMeta } from "~/app/meta";
import { ProfilePage } from "~/features/profile/profile-page";

export const meta = () => pageMeta("My Profile", "Your photo, name, jersey number, positions and password.");

export default function PlayerProfile() {
  return <ProfilePage />;
}
