import { UserRound } from "lucide-react";
import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { effectivePosition, positionName } from "../../../../domain/positions";

export const meta = () => pageMeta("My Profile", "Your photo, jersey number and positions.");

export default function PlayerProfile() {
  const me = useCurrentUser();
  const primary = positionName(effectivePosition(me));
  const others = me.positions.filter((p) => p !== me.primaryPosition).map((p) => positionName(p));
  return (
    <div className="space-y-8">
      <AppPageHeader
        title="My Profile"
        lead="What your coaches see about you. Editing your details and uploading a photo will be done on this page."
      />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <section aria-label="Photo" className="card flex flex-col items-center text-center">
          {me.photoUrl ? (
            <img src={me.photoUrl} alt={`Photo of ${me.fullName}`} className="size-32 rounded-full object-cover" />
          ) : (
            <span className="flex size-32 items-center justify-center rounded-full bg-field-100 text-field-700">
              <UserRound aria-hidden="true" className="size-14" />
            </span>
          )}
          <p className="mt-4 text-xl font-bold text-stone-900">{me.fullName}</p>
          <p className="text-stone-600">{me.photoUrl ? "Your profile photo" : "No photo yet"}</p>
        </section>
        <Panel title="Details">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold text-stone-600">Email</dt>
              <dd className="mt-0.5 break-all text-stone-900">{me.email}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-stone-600">Team</dt>
              <dd className="mt-0.5 text-stone-900">{me.team?.name ?? "Not on a team"}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-stone-600">Jersey number</dt>
              <dd className="mt-0.5 text-stone-900">{me.jerseyNumber ?? "Not set"}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-stone-600">Primary position</dt>
              <dd className="mt-0.5 text-stone-900">{primary}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm font-semibold text-stone-600">Other positions</dt>
              <dd className="mt-0.5 text-stone-900">{others.length > 0 ? others.join(", ") : "None"}</dd>
            </div>
          </dl>
        </Panel>
      </div>
    </div>
  );
}
