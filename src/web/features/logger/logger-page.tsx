import { useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { CalendarPlus, Plus, Trophy, UserPlus } from "lucide-react";
import { Suspense, useDeferredValue, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { registerServiceWorker } from "~/lib/pwa";
import { useCurrentUser } from "~/lib/session-context";
import { controlProps, FormField } from "~/ui/form-field";
import { EmptyState, ErrorState, LoadingState, describeError } from "~/ui/query-state";
import { Tabs } from "~/ui/tabs";
import type { SessionKind } from "#domain/api/logger";
import { periodLabel } from "#domain/league-rules";
import { recacheOfflineReads } from "~/lib/offline-reads";
import { sessionPickerLabel } from "./outbox/describe";
import { AttendancePanel, NewSessionDialog, useOpenedOnce, usePreloadLoggerParts } from "./lazy-parts";
import { LogTab } from "./events/log-tab";
import { readMode, readRemembered, remember, sessionWords, storeMode, type LogMode } from "./logger-memory";
import { countByState, waitingWords, type OutboxItem, type OutboxSessionPayload } from "./outbox/outbox";
import { playersQuery, playsQuery, sessionDetailQuery, sessionsQuery } from "./queries";
import { SnapLogger, useGameDay } from "./snaps/snap-logger";
import { queuedSessionIds, withQueuedSessions } from "./snaps/snap-model";
import { SnapScoreboard } from "./snaps/snap-scoreboard";
import { FailedItems, ServerHolding, SignInAgain, SyncBadge } from "./outbox/sync-status";
import { useOutbox } from "./outbox/use-outbox";
import {
  attendanceCounts,
  attendanceRows,
  initialSessionId,
  localDay,
  playersByJersey,
  sessionRows,
  sessionTotals,
  splitSessions,
  type AttendanceRow,
} from "./view-model";

/**
 * /coach/log: the sideline logger. Choose (or start) a session, then log it as snaps (a game's default: one record
 * per down with its players, the score kept at the top) or as single events (a practice's default: a player, then
 * an event). Everything, starting the session included, goes into the outbox (IndexedDB) at once and is sent when
 * there is a connection. Attendance is its own tab.
 */
export function LoggerPage() {
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
    // The worker's first visit: what loaded before it took control was not cached, so read it again through it
    // (without rendering the screen again: lib/offline-reads.ts).
    registerServiceWorker(() => recacheOfflineReads(queryClient));
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

  const startSession = async (payload: OutboxSessionPayload): Promise<void> => {
    await outbox.engine.createSession(payload, sessionWords(payload));
    chooseSession(payload.id, payload.date);
    setNewOpen(null);
    setTab("log");
  };

  const counts = countByState(outbox.items);
  const waiting = waitingWords(outbox.items);
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
  // Once a session's mode is known it stays known: the start of a game begun on this phone reaching the server
  // makes its data read again, and the pad must not go back to "Loading the game…" (and forget what the coach
  // had picked on it) while it is.
  const [settledModes, setSettledModes] = useState<Record<string, LogMode>>({});
  const heldMode = sessionId ? settledModes[sessionId] : undefined;
  const modeKnown = heldMode !== undefined || chosenMode !== null || !isGame || (detailSettled && game.settled);
  // The pad and the play-by-play mount in a background render (decision 0017, fifth follow-up): the render that a
  // read arriving makes draws the rest at once, and React cuts the log's first render into slices of a few
  // milliseconds instead of holding the phone's main thread for it in one long task. Later renders are as before.
  const logShown = useDeferredValue(modeKnown, false);
  const mode: LogMode = chosenMode ?? heldMode ?? (isGame && !loggedAsEvents ? "snaps" : "events");
  if (sessionId && session && modeKnown && heldMode === undefined) {
    setSettledModes((held) => ({ ...held, [sessionId]: mode }));
  }
  const setMode = (next: LogMode) => {
    if (!sessionId) return;
    storeMode(sessionId, next);
    setModes((m) => ({ ...m, [sessionId]: next }));
  };
  const snapCount = game.rows.filter((r) => r.status !== "failed").length;

  // What sits below the session picker: the session's state, or its scoreboard, pad and play-by-play.
  const body =
    sessionId === null ? (
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
            onPeriodChange={(period) =>
              void outbox.engine.setPeriod(
                sessionId,
                period,
                `${periodLabel(period, game.rules)} of ${session ? sessionPickerLabel(session, today) : "Game"}`,
              )
            }
            onFinal={(score) =>
              void outbox.engine.setFinal(sessionId, score, session ? sessionPickerLabel(session, today) : "Game")
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
            ) : !logShown ? null : mode === "snaps" ? (
              <SnapLogger
                key={sessionId}
                sessionId={sessionId}
                roster={roster}
                marks={marks}
                game={game}
                plays={plays.data ?? []}
                outbox={outbox}
                meId={me.id}
                onReopen={() =>
                  void outbox.engine.setFinal(sessionId, null, session ? sessionPickerLabel(session, today) : "Game")
                }
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
                sessionId={sessionId}
                rows={marks}
                onMark={(row: AttendanceRow, present) =>
                  void outbox.engine.setMarks(sessionId, [
                    { playerId: row.player.id, playerName: row.player.name, present },
                  ])
                }
                onMarkMany={(many) =>
                  void outbox.engine.setMarks(
                    sessionId,
                    many.map(({ row, present }) => ({ playerId: row.player.id, playerName: row.player.name, present })),
                  )
                }
                onDiscard={(row) => {
                  if (row.seq !== null) void outbox.engine.discard(row.seq);
                }}
              />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
      </>
    );

  return (
    <div className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {me.team ? <p className="eyebrow truncate">{me.team.name}</p> : null}
          <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Event Logger</h1>
        </div>
        <SyncBadge
          waiting={waiting}
          failed={counts.failed}
          offline={outbox.offline}
          syncing={outbox.syncing}
          loaded={outbox.loaded}
        />
      </div>

      {outbox.problem && waiting ? <SignInAgain reason={outbox.problem} waiting={waiting} /> : null}
      {outbox.held && waiting ? <ServerHolding reason={outbox.held} waiting={waiting} /> : null}
      {!outbox.durable ? (
        <p className="rounded-xl border border-stone-300 bg-stone-100 px-4 py-3 text-sm text-stone-800">
          This browser does not let Flagline keep events on the phone: anything logged with no connection is lost if
          this tab closes.
        </p>
      ) : null}
      <FailedItems items={otherFailures} onDiscard={(item: OutboxItem) => void outbox.engine.discard(item.seq)} />

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

      {body}
    </div>
  );
}
