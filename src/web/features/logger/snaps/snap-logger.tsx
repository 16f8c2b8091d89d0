import { useQuery } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { memo, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { PlayerSummaryDto } from "#domain/api/team";
import { DEFAULT_LEAGUE_RULES, type LeagueRules } from "#domain/league-rules";
import { describeSnap, type PlayerLabel, type SnapDetail } from "#domain/snaps";
import { describeError } from "~/ui/query-state";
import { gamePeriod } from "./game-period";
import { newEventId } from "../outbox/new-id";
import type { OutboxSnapEdit } from "../outbox/outbox";
import { gameSheetQuery, rulesQuery, type PlayOption } from "../queries";
import { LineupPanel, SnapEditDialog, useOpenedOnce } from "../lazy-parts";
import { readLineup, storeLineup, type LineupMemory } from "../logger-memory";
import { SnapList } from "./snap-list";
import {
  gameScore,
  lineups,
  playerLabeler,
  rememberedPasser,
  rememberedRunner,
  rememberedTry,
  snapRows,
  undoStep,
  type GameScore,
  type PadAction,
  type SnapRow,
} from "./snap-model";
import { usePadClearance } from "../pad-clearance";
import { SnapPad } from "./pad/snap-pad";
import { useUndoRest } from "../undo-rest";
import type { OutboxHandle } from "../outbox/use-outbox";
import type { AttendanceRow, PadStatus } from "../view-model";

/**
 * The pad and the play-by-play render again only when what they show changed (decision 0017, fifth follow-up): a
 * read or the outbox changing something else (its opening, a sync's state) does not redraw them. Their callbacks
 * are stable (`useLatest`) and call the latest render's functions.
 */
const MemoSnapList = memo(SnapList);
const MemoSnapPad = memo(SnapPad);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function's arguments and result pass through
function useLatest<F extends (...args: any[]) => any>(fn: F): F {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  const [stable] = useState(() => ((...args) => ref.current(...args)) as F);
  return stable;
}

export interface GameDay {
  rules: LeagueRules;
  /** The game's snaps in game order: the server's with the outbox's laid over them. */
  rows: SnapRow[];
  score: GameScore;
  label: PlayerLabel;
  /** The game's period (decision 0022: the game's, not this phone's; game-period.ts). */
  period: number;
  /** Why the game's snaps could not be read (null when they could, or are still coming). */
  error: string | null;
  /** Offline with no saved copy of the game's snaps: what is shown is this phone's outbox only. */
  unread: boolean;
  /** The game's snaps have been read, or cannot be for now (offline, refused, not on the server yet). */
  settled: boolean;
}

/**
 * A session's game-day data: its game sheet (read unless the session's start is still in the outbox), the
 * league rules, the snaps on screen, the score and the period.
 */
export function useGameDay(
  sessionId: string | null,
  queued: boolean,
  outbox: Pick<OutboxHandle, "items" | "recent">,
  roster: readonly PlayerSummaryDto[],
): GameDay {
  const sheet = useQuery({ ...gameSheetQuery(sessionId ?? ""), enabled: sessionId !== null && !queued });
  const needRules = sessionId !== null && (queued || sheet.isError);
  const teamRules = useQuery({ ...rulesQuery(), enabled: needRules });
  const rules = sheet.data?.rules ?? teamRules.data?.rules ?? DEFAULT_LEAGUE_RULES;
  const rows = useMemo(
    () => (sessionId ? snapRows(sheet.data?.snaps ?? [], outbox.items, sessionId, rules, outbox.recent) : []),
    [sheet.data, outbox.items, outbox.recent, sessionId, rules],
  );
  const score = useMemo(
    () => gameScore(rows, rules, sheet.data?.scoreboard.final ?? null, outbox.items, sessionId ?? "", outbox.recent),
    [rows, rules, sheet.data, outbox.items, outbox.recent, sessionId],
  );
  const label = useMemo(() => playerLabeler(roster, sheet.data?.players ?? []), [roster, sheet.data]);
  const period = sessionId
    ? gamePeriod(sheet.data?.scoreboard.period ?? null, outbox.items, sessionId, score.period)
    : score.period;
  const error =
    sheet.isError && !sheet.data ? describeError(sheet.error, "This game's snaps could not be loaded.") : null;
  const unread = sessionId !== null && !queued && !sheet.data && sheet.fetchStatus === "paused";
  const settled = sessionId === null || queued || !sheet.isPending || sheet.fetchStatus === "paused";
  return { rules, rows, score, label, period, error, unread, settled };
}

/**
 * In place of the pad once the game is final: a final game takes no snaps (the server refuses them) until a coach
 * reopens it. Its snaps can still be corrected from the play-by-play.
 */
function FinalGame({ onReopen }: { onReopen: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 py-1">
      <p className="min-w-0 flex-1 text-sm text-stone-800">
        <span className="block font-bold text-stone-950">This game is final</span>
        Reopen it to log more snaps.
      </p>
      <button type="button" className="btn btn-secondary h-11 px-4 py-0" onClick={onReopen}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Reopen
      </button>
    </div>
  );
}

/**
 * The Snaps mode of /coach/log: the snap pad (Offense and Defense), Undo naming what it takes back, and the
 * game's play-by-play with edit and delete. Everything goes through the outbox, so it works with no signal.
 */
export function SnapLogger({
  sessionId,
  roster,
  marks,
  game,
  plays,
  outbox,
  meId,
  onReopen,
}: {
  sessionId: string;
  roster: readonly PlayerSummaryDto[];
  marks: readonly AttendanceRow[];
  game: GameDay;
  plays: readonly PlayOption[];
  outbox: OutboxHandle;
  meId: string;
  /** Reopens the game (a final game takes no snaps until then). */
  onReopen: () => void;
}) {
  const [status, setStatus] = useState<PadStatus | null>(null);
  const [playId, setPlayId] = useState("");
  const [firstDown, setFirstDown] = useState(false);
  const [chosenPasser, setChosenPasser] = useState<string | null>(null);
  const undoRest = useUndoRest();
  /** The coach's actions on this page, for Undo (undoStep). */
  const [history, setHistory] = useState<PadAction[]>([]);
  const [editing, setEditing] = useState<SnapRow | null>(null);
  const editMounted = useOpenedOnce(editing !== null);
  const { rows, label } = game;
  const [lineup, setLineup] = useState<LineupMemory>(() => readLineup(sessionId));
  const changeLineup = (next: LineupMemory) => {
    setLineup(next);
    storeLineup(sessionId, next);
  };
  const toggleOnField = (playerId: string) => {
    const on = lineup.players.includes(playerId);
    if (!on && lineup.players.length >= game.rules.playersOnField) return;
    changeLineup({
      ...lineup,
      players: on ? lineup.players.filter((id) => id !== playerId) : [...lineup.players, playerId],
    });
  };
  const host = useRef<HTMLDivElement>(null);
  const pad = useRef<HTMLDivElement>(null);

  usePadClearance(pad, host);

  const teams = useMemo(
    () =>
      lineups(
        roster,
        marks.map((m) => ({ playerId: m.player.id, present: m.present })),
      ),
    [roster, marks],
  );
  const remembered = rememberedPasser(rows, teams.available, roster);
  const passerId = chosenPasser && roster.some((p) => p.id === chosenPasser) ? chosenPasser : remembered;
  const runnerId = rememberedRunner(rows, roster);
  const lastTry = useMemo(() => rememberedTry(rows, roster), [rows, roster]);
  const step = undoStep(history, rows, meId);
  const text = (detail: SnapDetail) => describeSnap(detail, label);
  const undoLabel = step
    ? `${step.kind === "log" ? "Undo" : step.kind === "delete" ? "Undo delete" : "Undo edit"}: ${text(step.row.detail)}`
    : null;

  const log = async (detail: SnapDetail): Promise<boolean> => {
    const engine = outbox.engine;
    if (detail.kind === "pass" && !detail.passerId) {
      setStatus({ tone: "error", text: "Choose the passer first." });
      return false;
    }
    const words = text(detail);
    const id = newEventId();
    await engine.logSnap(
      {
        id,
        sessionId,
        playId: playId || null,
        period: game.period,
        firstDown,
        occurredAt: new Date().toISOString(),
        detail,
        // Lineup mode: who is on the field goes with the snap (playing time), at no extra tap.
        ...(lineup.on ? { lineup: [...lineup.players] } : {}),
      },
      words,
    );
    setHistory((h) => [...h, { kind: "log", snapId: id }]);
    setPlayId("");
    setFirstDown(false);
    setStatus({ tone: "ok", text: `Logged: ${words}` });
    return true;
  };

  const undo = async () => {
    // One undo at a time, and the button rests a moment after each (useUndoRest): the second tap of a double tap
    // lands on a disabled button instead of taking back the snap before, which the button names only once usable.
    // It takes back exactly what it names: the action (log, delete or edit) this render's step is.
    const engine = outbox.engine;
    if (!step) return;
    const { row } = step;
    const words = text(row.detail);
    const forget = () => setHistory((h) => (step.index >= 0 ? h.slice(0, step.index) : h));
    await undoRest.run(async () => {
      if (step.kind === "log") {
        if (await engine.removeSnap({ id: row.id, sessionId, text: words }))
          setStatus({ tone: "info", text: `Undone: ${words}` });
      } else if (step.kind === "delete") {
        // Back in its place: the same id, time and content.
        const { id, playId, period, firstDown, occurredAt, detail } = row;
        const restored = { id, sessionId, playId, period, firstDown, occurredAt, detail };
        await engine.restoreSnap(row.lineup ? { ...restored, lineup: row.lineup } : restored, words, step.removal);
        setStatus({ tone: "info", text: `Restored: ${words}` });
      } else {
        const before = text(step.before.detail);
        if (await engine.editSnap({ id: row.id, sessionId }, step.before, before))
          setStatus({ tone: "info", text: `Edit undone: ${before}` });
      }
      forget();
    });
  };

  const save = async (row: SnapRow, edit: OutboxSnapEdit) => {
    setEditing(null);
    const words = text(edit.detail);
    const before = { playId: row.playId, period: row.period, firstDown: row.firstDown, detail: row.detail };
    if (await outbox.engine.editSnap({ id: row.id, sessionId }, edit, words))
      setHistory((h) => [...h, { kind: "edit", snapId: row.id, before }]);
    setStatus({ tone: "info", text: `Edited: ${words}` });
  };

  const remove = async (row: SnapRow) => {
    const words = text(row.detail);
    const removal = await outbox.engine.removeSnapUndoably({ id: row.id, sessionId, text: words });
    if (!removal) return;
    setHistory((h) => [...h, { kind: "delete", row, removal }]);
    setStatus({ tone: "info", text: `Deleted: ${words}` });
  };

  const onLog = useLatest(log);
  const onUndo = useLatest(() => void undo());
  const onDelete = useLatest((row: SnapRow) => void remove(row));
  const onDiscard = useLatest((seq: number) => void outbox.engine.discard(seq));

  return (
    <div ref={host} className="space-y-4 max-sm:pb-[var(--snap-pad,0px)]">
      {game.error ? <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900">{game.error}</p> : null}
      {game.unread ? (
        <p className="rounded-xl border border-stone-300 bg-stone-100 px-4 py-3 text-sm text-stone-800">
          Offline: the snaps already sent load when the connection is back. Until then the score and the list show what
          this phone logged.
        </p>
      ) : null}
      {/*
       * The play-by-play comes first and the pad holds the bottom of the screen: the thumb finds the players and
       * the results at the same place on every down, and the latest snaps show above it. On a phone it is fixed
       * there (over the tabs, never the scoreboard: every step fits a 360×740 screen with the page at the top,
       * logger-phone.spec.ts); the list ends above it. On a wider screen it sticks at the bottom of the page.
       */}
      <div className="flex items-center justify-end">
        <button
          type="button"
          aria-pressed={lineup.on}
          className="btn btn-secondary h-9 px-3 py-0 text-sm"
          onClick={() => changeLineup({ ...lineup, on: !lineup.on })}
        >
          Lineup
        </button>
      </div>
      {lineup.on ? (
        <Suspense fallback={null}>
          <LineupPanel
            players={teams.available}
            lineup={lineup.players}
            size={game.rules.playersOnField}
            onToggle={toggleOnField}
            rows={rows}
            period={game.period}
            minimum={game.rules.minSnapsPerPeriod}
          />
        </Suspense>
      ) : null}
      <MemoSnapList
        rows={rows}
        rules={game.rules}
        label={label}
        meId={meId}
        onEdit={setEditing}
        onDelete={onDelete}
        onDiscard={onDiscard}
      />
      <div
        ref={pad}
        className="fixed inset-x-0 bottom-0 z-10 border-t border-stone-200 bg-white/95 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-8px_rgb(0_0_0/0.18)] sm:sticky sm:mx-0 sm:rounded-2xl sm:border"
      >
        <h2 className="sr-only">Log a snap</h2>
        {game.score.final ? (
          <FinalGame onReopen={onReopen} />
        ) : (
          <MemoSnapPad
            lineups={teams}
            label={label}
            rules={game.rules}
            passerId={passerId}
            onPasserChange={setChosenPasser}
            runnerId={runnerId}
            lastTry={lastTry}
            plays={plays}
            playId={playId}
            onPlayChange={setPlayId}
            firstDown={firstDown}
            onFirstDownChange={setFirstDown}
            onLog={onLog}
            status={status}
            undoLabel={undoLabel}
            onUndo={onUndo}
            undoing={undoRest.resting}
          />
        )}
      </div>
      {editMounted ? (
        <Suspense fallback={null}>
          <SnapEditDialog
            row={editing}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            players={roster}
            label={label}
            rules={game.rules}
            plays={plays}
            onSave={(row, edit) => void save(row, edit)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
