import { useQuery } from "@tanstack/react-query";
import { Megaphone } from "lucide-react";
import type { FamilyChild } from "#domain/api/family";
import { familyTeamAnnouncementsQuery } from "~/lib/queries";
import { AnnouncementByline, AnnouncementText } from "~/ui/announcements-panel";
import { QueryState } from "~/ui/query-state";

/** How many of a team's announcements the family page shows (the rest are on the child's dashboard). */
const SHOWN = 3;

/**
 * The coaches' announcements of every team the guardian's children are on (docs/product.md §14), on /family: one
 * sign-in reads every team's news without opening each child. Each team is asked as one of its children.
 */
export function TeamNews({ of: children }: { of: readonly FamilyChild[] }) {
  const teams = new Map<string, { name: string; childId: string }>();
  for (const child of children) {
    if (child.team && !teams.has(child.team.id)) teams.set(child.team.id, { name: child.team.name, childId: child.id });
  }
  if (teams.size === 0) return null;
  return (
    <section aria-labelledby="team-news" className="card">
      <h2 id="team-news" className="flex items-center gap-2 text-lg font-bold text-stone-900">
        <Megaphone aria-hidden="true" className="size-5 text-field-700" /> News from the teams
      </h2>
      <div className="mt-4 space-y-5">
        {[...teams].map(([teamId, team]) => (
          <TeamAnnouncements key={teamId} teamId={teamId} name={team.name} childId={team.childId} />
        ))}
      </div>
    </section>
  );
}

function TeamAnnouncements({ teamId, name, childId }: { teamId: string; name: string; childId: string }) {
  const query = useQuery(familyTeamAnnouncementsQuery(teamId, childId));
  return (
    <section aria-label={`${name} announcements`}>
      <h3 className="font-semibold text-stone-900">{name}</h3>
      <QueryState
        query={query}
        loading={`Loading ${name}'s announcements...`}
        errorTitle={`Error loading ${name}'s announcements`}
        errorMessage="The announcements could not be loaded. Please try again."
        headingLevel={3}
      >
        {({ announcements }) =>
          announcements.length === 0 ? (
            <p className="mt-1 text-sm text-stone-600">No announcements from the coaches.</p>
          ) : (
            <ul className="mt-1 divide-y divide-stone-200">
              {announcements.slice(0, SHOWN).map((a) => (
                <li key={a.id} className={a.pinned ? "border-l-4 border-amber-500 py-2 pl-3" : "py-2 pl-4"}>
                  <AnnouncementText announcement={a} />
                  <div className="mt-1 text-sm text-stone-600">
                    <AnnouncementByline announcement={a} />
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
