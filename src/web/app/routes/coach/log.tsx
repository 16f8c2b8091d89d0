import { ClipboardList } from "lucide-react";
import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { OTHER_EVENT_TYPES, WEIGHTED_EVENT_TYPES } from "../../../../domain/event-types";

export const meta = () => pageMeta("Event Logger", "Log plays from the sideline.");

export default function EventLogger() {
  const me = useCurrentUser();
  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name}
        title="Event Logger"
        lead="Log plays as they happen: choose the player, then the play. Yards go with the plays that gain them, and a mistaken entry can be undone."
      />
      <Panel title="Plays you can log" icon={<ClipboardList className="size-5" />}>
        <p>Your roster will appear here as large buttons; after choosing a player, you pick one of these plays.</p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Scored plays">
          {WEIGHTED_EVENT_TYPES.map((type) => (
            <li key={type} className="rounded-full bg-field-100 px-3 py-1 text-sm font-semibold text-field-900">
              {type}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-stone-600">Also under “More”: {OTHER_EVENT_TYPES.join(", ")}.</p>
      </Panel>
    </div>
  );
}
