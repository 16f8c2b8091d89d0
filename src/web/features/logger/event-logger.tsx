import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { CalendarPlus, Plus, Trophy, UserPlus } from "lucide-react";
import { Tabs } from "radix-ui";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { registerServiceWorker } from "~/lib/pwa";
import { useCurrentUser } from "~/lib/session-context";
import { controlProps, FormField } from "~/ui/form-field";
import { formatScore } from "~/ui/format";
import { EmptyState, ErrorState, LoadingState, describeError } from "~/ui/query-state";
import type { SessionKind } from "#domain/api/logger";
import type { PlayerSummaryDto } from "#domain/api/team";
import { takesYards, type EventType } from "#domain/event-types";
import { eventPoints } from "#domain/scoring";
import { TEAM_ROOT_KEY } from "~/lib/query-keys";
import { sessionPickerLabel } from "./describe";
import { EventList } from "./event-list";
import { EventPad, type PadStatus } from "./event-pad";
import { AttendancePanel, NewSessionDialog, useOpenedOnce, usePreloadLoggerParts } from "./lazy-parts";
import { newEventId } from "./new-id";
import { countByState, type OutboxItem, type OutboxSessionPayload } from "./outbox";
import { PlayerGrid } from "./player-grid";
import { playersQuery, playsQuery, sessionDetailQuery, sessionsQuery } from "./queries";
import { SnapLogger, useGameDay } from "./snap-logger";
import { queuedSessionIds, withQueuedSessions } from "./snap-model";
import { SnapScoreboard } from "./snap-scoreboard";
import { FailedItems, SignInAgain, SyncBadge } from "./sync-status";
import { useOutbox } from "./use-outbox";
import { useUndoRest } from "./undo-rest";
import {
  attendanceCounts,
  attendanceRows,
  initialSessionId,
  localDay,
  parseYards,
  playersByJersey,
  sessionRows,
  sessionTotals,
  splitSessions,
  type AttendanceRow,
  type EventRow,
  type RememberedSession,
} from "./view-model";

const rememberKey = (ownerId: string) => `flagline:logger:session:${ownerId}`;
const modeKey = (sessionId: string) => `flagline:logger:mode:${sessionId}`;

function readRemembered(ownerId: string): RememberedSession | null {
  try {
    const raw = window.localStorage.getItem(rememberKey(ownerId));
    if (!raw) return null;
    // Before days were kept it held the bare id: a session of unknown day, opened only if it is today's.
    if (!raw.startsWith("{")) return { id: raw, date: null };
    const parsed = JSON.parse(raw) as Partial<RememberedSession>;
    return typeof parsed.id === "string"
      ? { id: parsed.id, date: typeof parsed.date === "string" ? parsed.date : null }
      : null;
  } catch {
    return null;
  }
}

function remember(ownerId: string, session: RememberedSession): void {
  try {
    window.localStorage.setItem(rememberKey(ownerId), JSON.stringify(session));
  } catch {
    // Private mode without storage: the URL still holds the session.
  }
}

type LogMode = "snaps" | "events";

function readMode(sessionId: string): LogMode | null {
  try {
    const mode = window.localStorage.getItem(modeKey(sessionId));
    return mode === "snaps" || mode === "events" ? mode : null;
  } catch {
    return null;
  }
}

function storeMode(sessionId: string, mode: LogMode): void {
  try {
    window.localStorage.setItem(modeKey(sessionId), mode);
  } catch {
    // The default (snaps for a game, single events for a practice) comes back next time.
  }
}

/** How a session reads in the outbox's list of refused changes. */
function sessionWords(s: Pick<OutboxSessionPayload, "kind" | "opponent">): string {
  return s.kind === "game" ? (s.opponent ? `Game vs ${s.opponent}` : "Game") : "Practice";
}

/**
 * /coach/log: the sideline logger. Choose (or start) a session, then log it as snaps (a game's default: one record
 * per down with its players, the score kept at the top) or as single events (a practice's default: a player, then
 * an event). Everything, starting the session included, goes into the outbox (IndexedDB) at once and is sent when
 * there is a connection. Attendance is its own tab.
 */
export function EventLogger() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const outbox = useOutbox(me.id, me.fullName);
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => localDay());
  const [remembered, setRemembered] = useState(() => readRemembered(me.id));
  const [newOpen, setNewOpen] = useState<SessionKind | null>(null);
  const [tab, setTab] = useState<"log" | "attendance">("log");
  const [modes, setModes] = useState<Record<string, LogMode>>({});

  useEffect(() => {
    // The worker's first visit: what loaded before it took control was not cached, so load it again through it.
    registerServiceWorker(() => {
      void fetch("/api/me", { credentials: "same-origin" }).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
    });
  }, [queryClient]);

  usePreloadLoggerParts();
  const newDialogMounted = useOpenedOnce(newOpen !== null);

  const players = useQuery(playersQuery());
  const sessions = useQuery(sessionsQuery());
  const plays = useQuery(playsQuery());

  // Sessions started on this phone are listed before the server has them (and for a minute after).
  const sessionList = useMemo(
    () => withQueuedSessions(sessions.data?.sessions ?? [], [...outbox.items, ...outbox.recent]),
    [sessions.data, outbox.items, outbox.recent],
  );
  const queued = useMemo(() => queuedSessionIds(outbox.items), [outbox.items]);
  const asked = searchParams.get("session");
  const sessionId = sessions.data
    ? initialSessionId(sessionList, asked, remembered, today)
    : (initialSessionId(null, asked, remembered, today) ?? sessionList.find((s) => s.date === today)?.id ?? null);
  const session = sessionList.find((s) => s.id === sessionId) ?? null;
  const isQueued = sessionId !== null && queued.has(sessionId);
  const detail = useQuery({ ...sessionDetailQuery(sessionId ?? ""), enabled: sessionId !== null && !isQueued });

  const chooseSession = (id: string, date: string | null = null) => {
    const chosen = { id, date: date ?? sessionList.find((s) => s.id === id)?.date ?? null };
    remember(me.id, chosen);
    setRemembered(chosen);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set("session", id);
        return next;
      },
      { replace: true },
    );
  };

  const startSession = async (payload: OutboxSessionPayload): Promise<boolean> => {
    if (!outbox.engine) return false;
    await outbox.engine.createSession(payload, sessionWords(payload));
    chooseSession(payload.id, payload.date);
    setNewOpen(null);
    setTab("log");
    return true;
  };

  const counts = countByState(outbox.items);
  const roster = useMemo(() => playersByJersey(players.data?.players ?? []), [players.data]);
  const game = useGameDay(sessionId, isQueued, outbox, roster);
  const rows = useMemo(
    () => (sessionId ? sessionRows(detail.data?.events ?? [], outbox.items, sessionId, outbox.recent) : []),
    [detail.data, outbox.items, outbox.recent, sessionId],
  );
  const marks = useMemo(
    () =>
      sessionId ? attendanceRows(roster, detail.data?.attendance ?? [], outbox.items, sessionId, outbox.recent) : [],
    [roster, detail.data, outbox.items, outbox.recent, sessionId],
  );
  const attendance = attendanceCounts(marks);
  // Refused items shown elsewhere on screen (this session's events, marks and snaps) are not listed twice.
  const otherFailures = outbox.items.filter(
    (i) =>
      i.state === "failed" &&
      !(i.op === "event" && i.event.sessionId === sessionId) &&
      !(i.op === "attendance" && i.sessionId === sessionId) &&
      !((i.op === "snap" ? i.snap.sessionId : i.op === "snap-edit" ? i.sessionId : null) === sessionId),
  );

  const { today: todays, earlier } = splitSessions(sessionList, today);
  // No list to show: it failed, or the phone is offline with no saved copy (the query waits for the network).
  const sessionsBlocked = !sessions.data && (sessions.isError || sessions.fetchStatus === "paused");
  const isGame = session?.kind === "game";
  // A game opens on Snaps, a practice on Single events; a game already logged one event at a time (events, and
  // no snaps: snaps write events too) goes on that way. Until the game's data says which, the log waits.
  const detailSettled = isQueued || !detail.isPending || detail.fetchStatus === "paused";
  const loggedAsEvents = (detail.data?.eventCount ?? 0) > 0 && game.rows.length === 0;
  const chosenMode = sessionId ? (modes[sessionId] ?? readMode(sessionId)) : null;
  const modeKnown = chosenMode !== null || !isGame || (detailSettled && game.settled);
  const mode: LogMode = chosenMode ?? (isGame && !loggedAsEvents ? "snaps" : "events");
  const setMode = (next: LogMode) => {
    if (!sessionId) return;
    storeMode(sessionId, next);
    setModes((m) => ({ ...m, [sessionId]: next }));
  };
  const snapCount = game.rows.filter((r) => r.status !== "failed").length;

  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {me.team ? <p className="eyebrow truncate">{me.team.name}</p> : null}
          <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Event Logger</h1>
        </div>
        <SyncBadge
          pending={counts.pending}
          failed={counts.failed}
          offline={outbox.offline}
          syncing={outbox.syncing}
          loaded={outbox.loaded}
        />
      </div>

      {outbox.problem && counts.pending > 0 ? <SignInAgain reason={outbox.problem} pending={counts.pending} /> : null}
      {!outbox.durable ? (
        <p className="rounded-xl border border-stone-300 bg-stone-100 px-4 py-3 text-sm text-stone-800">
          This browser does not let Flagline keep events on the phone: anything logged with no connection is lost if
          this tab closes.
        </p>
      ) : null}
      <FailedItems items={otherFailures} onDiscard={(item: OutboxItem) => void outbox.engine?.discard(item.seq)} />

      {sessionList.length > 0 || sessionId !== null || sessionsBlocked ? (
        <div className="flex items-end gap-2">
          <FormField
            label="Session"
            className="min-w-0 flex-1"
            labelClassName="mb-1 block text-sm font-semibold text-stone-700"
          >
            {(field) =>
              sessionsBlocked && sessionList.length === 0 ? (
                <p className="text-sm text-red-800">
                  {sessions.isError
                    ? describeError(sessions.error, "Sessions could not be loaded.")
                    : "Offline: this phone has no saved copy of your sessions yet. They load when the connection is back."}
                </p>
              ) : (
                <select
                  {...controlProps(field)}
                  className="input h-12 truncate py-0 pr-8 font-semibold"
                  value={sessionId ?? ""}
                  onChange={(e) => chooseSession(e.target.value)}
                  disabled={sessions.isPending && sessionList.length === 0}
                >
                  {sessionId === null ? (
                    <option value="">{sessions.isPending ? "Loading sessions…" : "Choose a session"}</option>
                  ) : null}
                  {todays.length ? (
                    <optgroup label="Today">
                      {todays.map((s) => (
                        <option key={s.id} value={s.id}>
                          {sessionPickerLabel(s, today)}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                  {earlier.length ? (
                    <optgroup label="Earlier">
                      {earlier.map((s) => (
                        <option key={s.id} value={s.id}>
                          {sessionPickerLabel(s, today)}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                  {sessionId !== null && !session ? <option value={sessionId}>Last session used</option> : null}
                </select>
              )
            }
          </FormField>
          <button
            type="button"
            aria-label="New session"
            className="btn btn-primary h-12 shrink-0 px-3.5"
            onClick={() => setNewOpen(isGame ? "game" : "practice")}
          >
            <Plus aria-hidden="true" className="size-5" />
            New
          </button>
        </div>
      ) : null}
      {sessionList.length > 0 ? (
        <p className="-mt-2 text-right text-sm">
          <Link to="/coach/games/sessions" className="font-semibold text-field-700 underline underline-offset-4">
            Edit, merge or delete sessions
          </Link>
        </p>
      ) : null}
      {newDialogMounted ? (
        <Suspense fallback={null}>
          <NewSessionDialog
            open={newOpen !== null}
            onOpenChange={(open) => setNewOpen(open ? (newOpen ?? "practice") : null)}
            today={today}
            initialKind={newOpen ?? "practice"}
            onStart={startSession}
          />
        </Suspense>
      ) : null}

      {sessionId === null ? (
        sessions.isPending && !sessionsBlocked ? (
          <LoadingState label="Loading sessions…" />
        ) : (
          <EmptyState title="No session today yet" icon={<CalendarPlus className="size-8" />} headingLevel={2}>
            <p>
              Start today&apos;s game or practice to log it and take attendance, or choose an earlier session above. No
              connection needed.
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              <button type="button" className="btn btn-field h-12" onClick={() => setNewOpen("game")}>
                <Trophy aria-hidden="true" className="size-5" />
                Start today&apos;s game
              </button>
              <button type="button" className="btn btn-secondary h-12" onClick={() => setNewOpen("practice")}>
                <Plus aria-hidden="true" className="size-5" />
                Start practice
              </button>
            </div>
          </EmptyState>
        )
      ) : players.isPending && players.fetchStatus !== "paused" ? (
        <LoadingState label="Loading players…" />
      ) : !players.data && players.fetchStatus === "paused" ? (
        <ErrorState
          title="Players could not be loaded"
          message="Offline: this phone has no saved copy of your roster yet. Open the logger once with a connection and it works offline from then on."
        />
      ) : players.isError && !players.data ? (
        <ErrorState
          title="Players could not be loaded"
          message={describeError(players.error, "Check your connection and try again.")}
          onRetry={() => void players.refetch()}
          retrying={players.isFetching}
        />
      ) : roster.length === 0 ? (
        <EmptyState title="No players yet" icon={<UserPlus className="size-8" />} headingLevel={2}>
          Players appear here as soon as they sign up with your team code{me.team ? ` (${me.team.code})` : ""}.
        </EmptyState>
      ) : (
        <>
          {isGame || mode === "snaps" || snapCount > 0 ? (
            <SnapScoreboard
              teamName={me.team?.name ?? "Us"}
              opponent={session?.opponent ?? null}
              isGame={isGame}
              score={game.score}
              rules={game.rules}
              period={game.period}
              onPeriodChange={game.setPeriod}
              onFinal={(score) =>
                void outbox.engine?.setFinal(sessionId, score, session ? sessionPickerLabel(session, today) : "Game")
              }
            />
          ) : null}
          <Tabs.Root value={tab} onValueChange={(v) => setTab(v === "attendance" ? "attendance" : "log")}>
            <Tabs.List aria-label="Logger" className="grid grid-cols-2 rounded-xl bg-stone-200/70 p-1">
              <Tabs.Trigger
                value="log"
                className="h-10 rounded-lg text-sm font-bold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-950 data-[state=active]:shadow-sm"
              >
                Log
                <span className="ml-1.5 font-semibold text-stone-600 tabular-nums">
                  {mode === "snaps" ? snapCount : sessionTotals(rows).events}
                </span>
              </Tabs.Trigger>
              <Tabs.Trigger
                value="attendance"
                className="h-10 rounded-lg text-sm font-bold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-950 data-[state=active]:shadow-sm"
              >
                Attendance
                <span className="ml-1.5 font-semibold text-stone-600 tabular-nums">
                  {attendance.present}/{marks.length}
                </span>
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="log" className="mt-3 space-y-4 focus:outline-none">
              <div role="group" aria-label="Log by" className="flex gap-1.5">
                {(
                  [
                    ["snaps", "Snaps"],
                    ["events", "Single events"],
                  ] as const
                ).map(([value, text]) => (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={mode === value}
                    onClick={() => setMode(value)}
                    className={clsx(
                      "h-9 rounded-full border px-3.5 text-sm font-bold",
                      mode === value
                        ? "border-stone-900 bg-stone-900 text-white"
                        : "border-stone-300 bg-white text-stone-800",
                    )}
                  >
                    {text}
                  </button>
                ))}
              </div>
              {!modeKnown ? (
                <LoadingState label="Loading the game…" />
              ) : mode === "snaps" ? (
                <SnapLogger
                  key={sessionId}
                  sessionId={sessionId}
                  roster={roster}
                  marks={marks}
                  game={game}
                  plays={plays.data ?? []}
                  outbox={outbox}
                  meId={me.id}
                />
              ) : (
                <LogTab
                  key={sessionId}
                  sessionId={sessionId}
                  roster={roster}
                  rows={rows}
                  plays={plays.data ?? []}
                  outbox={outbox}
                  pendingCount={counts.pending}
                  detailError={
                    detail.isError && !detail.data
                      ? describeError(detail.error, "This session's events could not be loaded.")
                      : null
                  }
                />
              )}
            </Tabs.Content>
            <Tabs.Content value="attendance" className="mt-4 focus:outline-none">
              <Suspense fallback={<LoadingState label="Loading attendance…" />}>
                <AttendancePanel
                  rows={marks}
                  onMark={(row: AttendanceRow, present) =>
                    void outbox.engine?.setMarks(sessionId, [
                      { playerId: row.player.id, playerName: row.player.name, present },
                    ])
                  }
                  onMarkAll={() =>
                    void outbox.engine?.setMarks(
                      sessionId,
                      marks
                        .filter((r) => r.present !== true)
                        .map((r) => ({ playerId: r.player.id, playerName: r.player.name, present: true })),
                    )
                  }
                  onDiscard={(row) => {
                    if (row.seq !== null) void outbox.engine?.discard(row.seq);
                  }}
                />
              </Suspense>
            </Tabs.Content>
          </Tabs.Root>
        </>
      )}
    </div>
  );
}

function LogTab({
  sessionId,
  roster,
  rows,
  plays,
  outbox,
  detailError,
  pendingCount,
}: {
  pendingCount: number;
  sessionId: string;
  roster: PlayerSummaryDto[];
  rows: EventRow[];
  plays: { id: string; name: string }[];
  outbox: ReturnType<typeof useOutbox>;
  detailError: string | null;
}) {
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [yardsText, setYardsText] = useState("");
  const [playId, setPlayId] = useState("");
  const [status, setStatus] = useState<PadStatus | null>(null);
  const player = roster.find((p) => p.id === playerId) ?? null;
  const yards = yardsText.trim() === "-" ? null : parseYards(yardsText);
  const yardsError = yards && !yards.ok ? yards.message : null;
  const last = rows[0] ?? null;
  const undoRest = useUndoRest();
  const padHost = useRef<HTMLDivElement>(null);
  const pad = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The pad covers the bottom of the screen: a player button scrolled to (by focus or by a script) must land
    // above it, so the grid's scroll margin follows the pad's height.
    const host = padHost.current;
    const el = pad.current;
    if (!host || !el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => host.style.setProperty("--logger-pad", `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const log = async (type: EventType) => {
    if (!player) {
      setStatus({ tone: "error", text: "Choose a player first." });
      return;
    }
    if (!outbox.engine) {
      setStatus({ tone: "error", text: "The outbox is still opening. Try again in a moment." });
      return;
    }
    let eventYards: number | null = null;
    if (takesYards(type)) {
      const parsed = parseYards(yardsText);
      if (!parsed.ok) {
        setStatus({ tone: "error", text: parsed.message });
        return;
      }
      eventYards = parsed.yards;
    }
    const points = eventPoints(type, player.position);
    await outbox.engine.logEvent(
      {
        id: newEventId(),
        playerId: player.id,
        eventType: type,
        yards: eventYards,
        sessionId,
        playId: playId || null,
        occurredAt: new Date().toISOString(),
      },
      { playerName: player.name, position: player.position, points },
    );
    if (takesYards(type)) setYardsText("");
    setStatus({
      tone: "ok",
      text: `+${formatScore(points)} ${player.name} · ${type}${eventYards !== null ? ` · ${eventYards} yd` : ""}`,
    });
  };

  const remove = async (row: EventRow, verb: "Undone" | "Deleted") => {
    await outbox.engine?.removeEvent({ id: row.id, sessionId, playerName: row.playerName, eventType: row.eventType });
    setStatus({ tone: "info", text: `${verb}: ${row.eventType} by ${row.playerName}` });
  };

  return (
    <>
      {detailError ? <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">{detailError}</p> : null}
      <div ref={padHost}>
        <h2 className="sr-only">Players</h2>
        <PlayerGrid players={roster} selectedId={playerId} onSelect={setPlayerId} />
        <div
          ref={pad}
          className="sticky bottom-0 z-10 -mx-4 mt-3 border-t border-stone-200 bg-white/95 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-8px_rgb(0_0_0/0.18)] backdrop-blur sm:mx-0 sm:rounded-2xl sm:border"
        >
          <h2 className="sr-only">Log an event{player ? ` for ${player.name}` : ""}</h2>
          <EventPad
            position={player?.position ?? null}
            yardsText={yardsText}
            onYardsChange={setYardsText}
            yardsError={yardsError}
            plays={plays}
            playId={playId}
            onPlayChange={setPlayId}
            status={status}
            undoLabel={last ? `${last.eventType} by ${last.playerName}` : null}
            undoing={undoRest.resting}
            onUndo={() => {
              if (last) void undoRest.run(() => remove(last, "Undone"));
            }}
            onLog={(type) => void log(type)}
            pending={pendingCount}
          />
        </div>
      </div>
      <EventList
        rows={rows}
        onDelete={(row) => void remove(row, "Deleted")}
        onDiscard={(row) => {
          if (row.seq !== null) void outbox.engine?.discard(row.seq);
          setStatus({ tone: "info", text: `Discarded: ${row.eventType} by ${row.playerName}` });
        }}
      />
    </>
  );
}
