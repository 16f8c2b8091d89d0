import { useQuery } from "@tanstack/react-query";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { scheduleQuery } from "~/lib/queries";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, NoTeamPanel } from "~/ui/app-page";
import { StatusNotice } from "~/ui/form-field";
import { EmptyState, QueryState } from "~/ui/query-state";
import { todayIn } from "#domain/schedule";
import { CalendarPanel } from "./calendar-panel";
import { EventFormDialog } from "./event-form-dialog";
import { EventList } from "./event-list";
import { MonthView } from "./month-view";
import { ReminderSettingsPanel } from "./reminder-settings-panel";
import { ScheduleSettingsPanel } from "./schedule-settings-panel";

/** How many past events show at first, and how many more each "Show more" adds. */
const PAST_PAGE = 10;

/**
 * /coach/schedule and /player/schedule (docs/product.md §12): the team's upcoming games and practices (soonest
 * first) with who is coming, the past ones below (latest first, on demand), cancelled ones struck through but
 * listed. A player answers from each row; a coach adds events, sets the team's zone, minimum and reminders, and everyone can
 * subscribe to the schedule in their calendar app.
 */
export function SchedulePage({ area }: { area: "coach" | "player" }) {
  const me = useCurrentUser();
  const coach = area === "coach";
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const upcoming = useQuery({ ...scheduleQuery("upcoming"), enabled: me.team !== null });
  const timeZone = upcoming.data?.timeZone ?? "UTC";
  const today = todayIn(timeZone);

  const addButton = (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => {
        setNotice(null);
        setAdding(true);
      }}
    >
      <CalendarPlus aria-hidden="true" className="size-4" /> Add event
    </button>
  );

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name ?? "Schedule"}
        title="Schedule"
        lead={
          coach
            ? "Your games and practices, and who is coming to each."
            : "Your team's games and practices. Tell your coach whether you are coming."
        }
        actions={coach && me.team ? addButton : undefined}
      />
      <StatusNotice notice={notice} />
      {!me.team ? (
        <NoTeamPanel />
      ) : (
        <>
          <section aria-labelledby="upcoming-title" className="space-y-3">
            <h2 id="upcoming-title" className="text-xl font-bold text-stone-900">
              Upcoming
            </h2>
            <QueryState
              query={upcoming}
              loading="Loading the schedule..."
              errorTitle="Error loading the schedule"
              errorMessage="The team's schedule could not be loaded. Please try again."
              headingLevel={3}
            >
              {(data) =>
                data.events.length === 0 ? (
                  <EmptyState title="No events scheduled yet" icon={<CalendarPlus className="size-8" />}>
                    {coach ? (
                      <>
                        <p>Add your games and practices: players tell you whether they are coming.</p>
                        <div className="mt-3">{addButton}</div>
                      </>
                    ) : (
                      <p>Your coach has not put any games or practices on the schedule yet.</p>
                    )}
                  </EmptyState>
                ) : (
                  <>
                    <MonthView data={data} area={area} today={today} />
                    <EventList data={data} area={area} playerId={me.id} />
                  </>
                )
              }
            </QueryState>
          </section>

          <PastEvents area={area} playerId={me.id} />

          <div className="grid gap-6 lg:grid-cols-2">
            <CalendarPanel />
            {coach ? <ScheduleSettingsPanel /> : null}
            {coach ? <ReminderSettingsPanel /> : null}
          </div>
        </>
      )}
      {coach ? (
        <EventFormDialog
          open={adding}
          onOpenChange={setAdding}
          today={today}
          onSaved={(message) => {
            setAdding(false);
            setNotice(message);
          }}
        />
      ) : null}
    </div>
  );
}

/** The past events, latest first: collapsed at first, then a page at a time. */
function PastEvents({ area, playerId }: { area: "coach" | "player"; playerId: string }) {
  const [limit, setLimit] = useState<number | null>(null);
  const past = useQuery({ ...scheduleQuery("past", limit ?? PAST_PAGE), enabled: limit !== null });
  return (
    <section aria-labelledby="past-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="past-title" className="text-xl font-bold text-stone-900">
          Past
        </h2>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={limit !== null}
          aria-controls="past-events"
          onClick={() => setLimit((now) => (now === null ? PAST_PAGE : null))}
        >
          {limit === null ? "Show past events" : "Hide past events"}
        </button>
      </div>
      <div id="past-events" hidden={limit === null}>
        {limit === null ? null : (
          <QueryState
            query={past}
            loading="Loading past events..."
            errorTitle="Error loading past events"
            errorMessage="The past events could not be loaded. Please try again."
            headingLevel={3}
          >
            {(data) =>
              data.events.length === 0 ? (
                <p className="text-stone-700">No past events yet.</p>
              ) : (
                <div className="space-y-3">
                  <EventList data={data} area={area} playerId={playerId} />
                  {data.events.length >= limit ? (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={past.isFetching}
                      onClick={() => setLimit(limit + PAST_PAGE)}
                    >
                      {past.isFetching ? "Loading…" : "Show more"}
                    </button>
                  ) : null}
                </div>
              )
            }
          </QueryState>
        )}
      </div>
    </section>
  );
}
