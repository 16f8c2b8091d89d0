import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, Plus, UserPlus } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { registerServiceWorker } from "~/lib/pwa";
import { useCurrentUser } from "~/lib/session-context";
import { controlProps, FormField } from "~/ui/form-field";
import { formatScore } from "~/ui/format";
import { EmptyState, ErrorState, LoadingState, describeError } from "~/ui/query-state";
import type { TeamSessionDto } from "#domain/api/logger";
import type { PlayerSummaryDto, TeamSessionsResponse } from "#domain/api/team";
import { takesYards, type EventType } from "#domain/event-types";
import { eventPoints } from "#domain/scoring";
import { TEAM_ROOT_KEY, teamKeys } from "~/lib/query-keys";
import { AttendancePanel } from "./attendance-panel";
import { sessionPickerLabel } from "./describe";
import { EventList } from "./event-list";
import { EventPad, type PadStatus } from "./event-pad";
import { NewSessionDialog } from "./new-session-dialog";
import { newEventId } from "./new-id";
import { countByState, type OutboxItem } from "./outbox";
import { PlayerGrid } from "./player-grid";
import { playersQuery, playsQuery, sessionDetailQuery, sessionsQuery } from "./queries";
import { FailedItems, SignInAgain, SyncBadge } from "./sync-status";
import { useOutbox } from "./use-outbox";
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
} from "./view-model";

const rememberKey = (ownerId: string) => `flagline:logger:session:${ownerId}`;

function readRemembered(ownerId: string): string | null {
  try {
    return window.localStorage.getItem(rememberKey(ownerId));
  } catch {
    return null;
  }
}

function remember(ownerId: string, sessionId: string): void {
  try {
    window.localStorage.setItem(rememberKey(ownerId), sessionId);
  } catch {
    // Private mode without storage: the URL still holds the session.
  }
}

/**
 * /coach/log: the sideline event logger. Choose (or start) a session, tap a player, tap an event: it is logged
 * at once into the outbox (IndexedDB) and sent when there is a connection. Attendance is its own tab.
 */
export function EventLogger() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const outbox = useOutbox(me.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => localDay());
  const [remembered, setRemembered] = useState(() => readRemembered(me.id));
  const [newOpen, setNewOpen] = useState(false);
  const [tab, setTab] = useState<"log" | "attendance">("log");

  useEffect(() => {
    // The worker's first visit: what loaded before it took control was not cached, so load it again through it.
    registerServiceWorker(() => {
      void fetch("/api/me", { credentials: "same-origin" }).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
    });
  }, [queryClient]);

  const players = useQuery(playersQuery());
  const sessions = useQuery(sessionsQuery());
  const plays = useQuery(playsQuery());

  const sessionList = useMemo(() => sessions.data?.sessions ?? [], [sessions.data]);
  const asked = searchParams.get("session");
  const sessionId = sessions.data ? initialSessionId(sessionList, asked, remembered, today) : (asked ?? remembered);
  const session = sessionList.find((s) => s.id === sessionId) ?? null;
  const detail = useQuery({ ...sessionDetailQuery(sessionId ?? ""), enabled: sessionId !== null });

  const chooseSession = (id: string) => {
    remember(me.id, id);
    setRemembered(id);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set("session", id);
        return next;
      },
      { replace: true },
    );
  };

  const onCreated = (created: TeamSessionDto) => {
    queryClient.setQueryData<TeamSessionsResponse>(teamKeys.sessions(), (old) => ({
      sessions: [
        { ...created, eventCount: 0, presentCount: 0, attendanceCount: 0 },
        ...(old?.sessions ?? []).filter((s) => s.id !== created.id),
      ],
    }));
    void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
    chooseSession(created.id);
    setNewOpen(false);
    setTab("log");
  };

  const counts = countByState(outbox.items);
  const roster = useMemo(() => playersByJersey(players.data?.players ?? []), [players.data]);
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
  // Refused items shown elsewhere on screen (this session's events and marks) are not listed twice.
  const otherFailures = outbox.items.filter(
    (i) =>
      i.state === "failed" &&
      !(i.op === "event" && i.event.sessionId === sessionId) &&
      !(i.op === "attendance" && i.sessionId === sessionId),
  );

  const { today: todays, earlier } = splitSessions(sessionList, today);
  // No list to show: it failed, or the phone is offline with no saved copy (the query waits for the network).
  const sessionsBlocked = !sessions.data && (sessions.isError || sessions.fetchStatus === "paused");

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
              sessionsBlocked ? (
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
                  disabled={sessions.isPending}
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
                  {sessionId !== null && !session && !sessions.data ? (
                    <option value={sessionId}>Last session used</option>
                  ) : null}
                </select>
              )
            }
          </FormField>
          <button
            type="button"
            aria-label="New session"
            className="btn btn-primary h-12 shrink-0 px-3.5"
            onClick={() => setNewOpen(true)}
          >
            <Plus aria-hidden="true" className="size-5" />
            New
          </button>
        </div>
      ) : null}
      <NewSessionDialog open={newOpen} onOpenChange={setNewOpen} today={today} onCreated={onCreated} />

      {sessionId === null ? (
        sessions.isPending && !sessionsBlocked ? (
          <LoadingState label="Loading sessions…" />
        ) : (
          <EmptyState title="No session today yet" icon={<CalendarPlus className="size-8" />} headingLevel={2}>
            <p>
              Start today&apos;s practice or game to log events and take attendance, or choose an earlier session above.
            </p>
            <button type="button" className="btn btn-field mt-4 h-12" onClick={() => setNewOpen(true)}>
              <Plus aria-hidden="true" className="size-5" />
              New session
            </button>
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
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v === "attendance" ? "attendance" : "log")}>
          <Tabs.List aria-label="Logger" className="grid grid-cols-2 rounded-xl bg-stone-200/70 p-1">
            <Tabs.Trigger
              value="log"
              className="h-10 rounded-lg text-sm font-bold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-950 data-[state=active]:shadow-sm"
            >
              Log
              <span className="ml-1.5 font-semibold text-stone-600 tabular-nums">{sessionTotals(rows).events}</span>
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
          <Tabs.Content value="log" className="mt-4 space-y-6 focus:outline-none">
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
          </Tabs.Content>
          <Tabs.Content value="attendance" className="mt-4 focus:outline-none">
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
          </Tabs.Content>
        </Tabs.Root>
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
    if (!outbox.engine) return;
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
            onUndo={() => {
              if (last) void remove(last, "Undone");
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
