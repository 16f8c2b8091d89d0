import { useQuery } from "@tanstack/react-query";
import { useActingReadOnly, useCurrentUser } from "~/lib/session-context";
import { AppPageHeader } from "~/ui/app-page";
import { QueryState } from "~/ui/query-state";
import { profileQuery } from "~/lib/queries";
import { DetailsForm } from "./details-form";
import { PhotoCard } from "./photo-card";

/** /player/profile: photo, name, number and positions (what coaches see); the route adds the account sections. */
export function ProfilePage() {
  const me = useCurrentUser();
  const readOnly = useActingReadOnly();
  const query = useQuery(profileQuery());

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name}
        title="My Profile"
        lead="What your coaches see about you on the roster, the leaderboard and in the Event Logger."
      />
      <QueryState
        query={query}
        loading="Loading your profile..."
        errorTitle="Error loading your profile"
        errorMessage="Your profile could not be loaded. Please try again."
      >
        {({ profile }) => (
          // A guardian of a child who signs in on their own sees the profile and changes nothing.
          <fieldset disabled={readOnly} className="grid min-w-0 grid-cols-1 gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
            <div className="space-y-4">
              <PhotoCard profile={profile} />
              <dl className="card space-y-3 text-sm">
                <div>
                  <dt className="font-semibold text-stone-600">Email</dt>
                  <dd className="mt-0.5 break-all text-stone-900">{profile.email}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-stone-600">Team</dt>
                  <dd className="mt-0.5 text-stone-900">{me.team?.name ?? "Not on a team"}</dd>
                </div>
              </dl>
            </div>
            <div className="min-w-0 space-y-8">
              <DetailsForm profile={profile} />
            </div>
          </fieldset>
        )}
      </QueryState>
    </div>
  );
}
