import { pageMeta } from "~/app/meta";
import { EventPage } from "~/features/schedule/event-page";
import type { Route } from "./+types/schedule-event";

export const meta = () => pageMeta("Event", "One game or practice: when, where, and who is coming.");

export default function CoachScheduleEvent({ params }: Route.ComponentProps) {
  return <EventPage key={params.id} id={params.id} area="coach" />;
}
