import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { CalendarCheck } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState, type FormEvent } from "react";
import type { ScheduleEvent } from "#domain/api/schedule";
import { todayIn } from "#domain/schedule";
import { scheduleQuery } from "~/lib/queries";
import { eventTitle, formatWallTime } from "~/ui/schedule-event";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { FormMessage, controlProps, FormField, InputField } from "~/ui/form-field";
import type { HomeAway, SessionKind } from "#domain/api/logger";
import { MAX_LOCATION, MAX_OPPONENT } from "#domain/limits";
import { newEventId } from "./outbox/new-id";
import type { OutboxSessionPayload } from "./outbox/outbox";
import { whenIdle } from "~/lib/after-paint";
import { loadOnce } from "~/lib/load-once";

/**
 * The form's rules (domain/api/logger.ts createSessionSchema, the server's own) come with zod, whose code takes
 * 140 ms to run on a slow host (560 ms at Lighthouse's phone slowdown): loaded once the form has opened and the browser is
 * idle, or when it is sent, rather than with the logger's parts (issue #35).
 */
const loadRules = loadOnce(() => import("#domain/api/logger"));

type Fields = "kind" | "date" | "opponent" | "homeAway" | "location";

/**
 * Starts a practice or a game: kind, date (today by default, in the coach's zone), for a game the opponent and
 * home or away, and where. The session's id is made here and its start goes through the outbox like everything
 * else, so a game can be started with no connection and logged at once; the server gets it first when the
 * connection is back.
 */
export function NewSessionDialog({
  open,
  onOpenChange,
  today,
  initialKind,
  onStart,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  initialKind: SessionKind;
  onStart: (session: OutboxSessionPayload) => Promise<void>;
}) {
  return (
    <SheetDialog open={open} onOpenChange={onOpenChange} size="md">
      <SheetHeader title="New session" />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        A practice or a game to log events and take attendance for. Works offline too: it is sent when the connection is
        back.
      </Dialog.Description>
      {/* Mounted only while open, so each opening starts from a fresh form. */}
      {open ? <NewSessionForm today={today} initialKind={initialKind} onStart={onStart} /> : null}
    </SheetDialog>
  );
}

function NewSessionForm({
  today,
  initialKind,
  onStart,
}: {
  today: string;
  initialKind: SessionKind;
  onStart: (session: OutboxSessionPayload) => Promise<void>;
}) {
  const [kind, setKind] = useState<SessionKind>(initialKind);
  const [date, setDate] = useState(today);
  const [opponent, setOpponent] = useState("");
  const [homeAway, setHomeAway] = useState<HomeAway | null>(null);
  const [location, setLocation] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const offers = useTodaysEvents(kind);
  useEffect(() => whenIdle(() => void loadRules().catch(() => undefined)), []);
  const startScheduled = async (event: ScheduleEvent) => {
    setFormError(null);
    setSaving(true);
    try {
      await onStart({
        id: newEventId(),
        kind: event.kind,
        date: event.date,
        opponent: event.kind === "game" ? event.opponent : null,
        location: event.placeName,
        homeAway: event.kind === "game" ? event.homeAway : null,
        scheduledEventId: event.id,
      });
    } catch {
      setFormError("The session could not be saved on this phone. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const game = kind === "game";
    const input = {
      id: newEventId(),
      kind,
      date,
      opponent: game ? opponent : null,
      homeAway: game ? homeAway : null,
      location,
    };
    const rules = await loadRules().catch(() => null);
    if (!rules) {
      setFormError("The form could not be checked on this phone. Please try again.");
      return;
    }
    const parsed = rules.createSessionSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "") as Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const v = parsed.data;
      await onStart({
        id: input.id,
        kind: v.kind,
        date: v.date,
        opponent: v.opponent ?? null,
        location: v.location ?? null,
        homeAway: input.homeAway,
      });
    } catch {
      setFormError("The session could not be saved on this phone. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {offers.length > 0 ? (
        <section
          aria-label="On the schedule today"
          className="space-y-2 rounded-xl border border-field-300 bg-field-50 p-3"
        >
          <p className="flex items-center gap-2 text-sm font-semibold text-field-900">
            <CalendarCheck aria-hidden="true" className="size-4" /> On the schedule today
          </p>
          {offers.map((offer) => (
            <button
              key={offer.id}
              type="button"
              className="btn btn-field min-h-12 w-full justify-start text-left"
              disabled={saving}
              onClick={() => void startScheduled(offer)}
            >
              Today&apos;s{" "}
              {eventTitle(offer)
                .replace(/^Game/, "game")
                .replace(/^Practice/, "practice")}
              , {formatWallTime(offer.startTime)} — start it
            </button>
          ))}
          <p className="text-sm text-stone-700">Or start one that is not on the schedule:</p>
        </section>
      ) : null}
      <fieldset>
        <legend className="label">Kind</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["practice", "game"] as const).map((k) => (
            <label
              key={k}
              className={clsx(
                "flex h-12 cursor-pointer items-center justify-center rounded-xl border-2 font-bold capitalize has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-700",
                kind === k ? "border-field-800 bg-field-800 text-white" : "border-stone-300 bg-white text-stone-900",
              )}
            >
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="sr-only"
              />
              {k === "practice" ? "Practice" : "Game"}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label="Date" error={errors.date}>
        {(ids) => (
          <input
            {...controlProps(ids, errors.date)}
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="input"
          />
        )}
      </FormField>
      {kind === "game" ? (
        <>
          <InputField
            label="Opponent"
            hint="Optional"
            error={errors.opponent}
            type="text"
            maxLength={MAX_OPPONENT}
            autoComplete="off"
            value={opponent}
            onChange={(e) => setOpponent(e.target.value)}
          />
          <fieldset>
            <legend className="label">Home or away</legend>
            <div className="grid grid-cols-2 gap-2">
              {(["home", "away"] as const).map((h) => (
                <button
                  key={h}
                  type="button"
                  aria-pressed={homeAway === h}
                  onClick={() => setHomeAway(homeAway === h ? null : h)}
                  className={clsx(
                    "h-11 rounded-xl border-2 font-bold",
                    homeAway === h
                      ? "border-field-800 bg-field-800 text-white"
                      : "border-stone-300 bg-white text-stone-900",
                  )}
                >
                  {h === "home" ? "Home" : "Away"}
                </button>
              ))}
            </div>
            {errors.homeAway ? <p className="mt-1 text-sm font-medium text-red-700">{errors.homeAway}</p> : null}
          </fieldset>
        </>
      ) : null}
      <InputField
        label="Location"
        hint="Optional"
        error={errors.location}
        type="text"
        maxLength={MAX_LOCATION}
        autoComplete="off"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <button type="submit" className="btn btn-field h-12 w-full text-base" disabled={saving}>
        {saving ? "Starting…" : "Start session"}
      </button>
    </form>
  );
}

/**
 * Today's scheduled events of a kind not yet started (docs/product.md §12), to start with their opponent and
 * home/away already set. Today is the team's day; the events still to end and those just ended both count.
 */
function useTodaysEvents(kind: SessionKind): ScheduleEvent[] {
  const upcoming = useQuery(scheduleQuery("upcoming", 5));
  const past = useQuery(scheduleQuery("past", 5));
  const timeZone = upcoming.data?.timeZone ?? past.data?.timeZone;
  if (!timeZone) return [];
  const today = todayIn(timeZone);
  const seen = new Set<string>();
  return [...(past.data?.events ?? []).toReversed(), ...(upcoming.data?.events ?? [])].filter((event) => {
    if (seen.has(event.id)) return false;
    seen.add(event.id);
    return event.date === today && event.kind === kind && event.status === "scheduled" && event.sessionId === null;
  });
}
