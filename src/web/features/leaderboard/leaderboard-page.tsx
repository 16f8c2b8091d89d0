import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Medal, Trophy } from "lucide-react";
import { useId, useMemo } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { SelectField } from "~/ui/form-field";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { AttendanceValue, attendanceOf } from "~/ui/attendance";
import { formatDay, formatScore } from "~/ui/format";
import { LeaderCards } from "~/ui/leader-cards";
import { PlayerAvatar, PositionBadge } from "~/ui/position-badge";
import { describeError, EmptyState, ErrorState, isSettled, LoadingState, QueryState } from "~/ui/query-state";
import { SegmentedControl } from "~/ui/segmented-control";
import type { LeaderboardResponse } from "#domain/api/team";
import { LAST_WINDOW_DAYS, rollingWindowSince, sessionLabel } from "#domain/reads";
import { leaderboardQuery, seasonSessionsQuery } from "~/lib/queries";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import {
  GROUP_OPTIONS,
  readFilters,
  WINDOW_OPTIONS,
  writeFilters,
  type LeaderboardFilters,
} from "./leaderboard-filters";

const PLACE_STYLES = ["bg-accent-300 text-stone-950", "bg-stone-300 text-stone-950", "bg-accent-700 text-white"];

/**
 * /coach/leaderboard: the team ranked by performance score (places 1, 2, 3… from the API, ties share a place)
 * beside each player's 1–10 team ranking, filtered by position group and time window, and the leaders of each
 * statistic, for the picked season (docs/product.md §11 (#s11-seasons): the current one unless another is picked). The filters
 * live in the address, so Back from a player returns to the same board.
 */
export function LeaderboardPage() {
  const me = useCurrentUser();
  const ids = useId();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const setFilters = (patch: Partial<LeaderboardFilters>) =>
    setParams(writeFilters({ ...filters, ...patch }), { replace: true, preventScrollReset: true });

  const seasons = usePickedSeason();
  const seasonId = seasons.season ?? seasons.currentSeasonId;
  // The game picker lists the picked season's games.
  const sessions = useQuery({
    ...seasonSessionsQuery(seasons.season, seasons.currentSeasonId),
    enabled: filters.window === "session" && seasonId !== null,
  });
  const games = useMemo(() => (sessions.data?.sessions ?? []).filter((s) => s.kind === "game"), [sessions.data]);
  const gameId =
    filters.window === "session" ? ((games.find((g) => g.id === filters.game) ?? games[0])?.id ?? null) : null;
  const waitingForGame = filters.window === "session" && gameId === null;

  const board = useQuery({
    ...leaderboardQuery(filters.window, gameId, filters.group, seasons.season),
    enabled: !waitingForGame,
    placeholderData: keepPreviousData,
  });
  const returnTo = `${location.pathname}${location.search}`;
  // Until the board's first answer, its area holds most of the screen and what follows it waits hidden, so the
  // table arriving pushes nothing on screen down (decision 0017: layout shift).
  const firstIn = waitingForGame || board.data !== undefined || isSettled(board);

  let rankings;
  if (waitingForGame) {
    rankings = sessions.isError ? (
      <ErrorState
        headingLevel={3}
        title="Error loading games"
        message={describeError(sessions.error, "The team's games could not be loaded. Please try again.")}
        onRetry={() => void sessions.refetch()}
      />
    ) : sessions.data ? (
      <EmptyState title="No games yet">
        Games you create in the Event Logger can be ranked one at a time here.
      </EmptyState>
    ) : (
      <LoadingState label="Loading games..." />
    );
  } else {
    rankings = (
      <QueryState
        query={board}
        loading="Loading the leaderboard..."
        errorTitle="Error loading the leaderboard"
        errorMessage="The leaderboard could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => {
          if (
            data.players.length > 0 &&
            filters.window !== "session" &&
            // A whole board with nothing logged (a new season); one position group's zeros stay a table.
            filters.group === "all" &&
            data.players.every((p) => p.eventCount === 0)
          ) {
            return (
              <EmptyState title="No plays logged yet" icon={<Trophy className="size-8" />}>
                {`Nothing has been logged ${filters.window === "last30" ? "in the last 30 days of" : "in"} ${
                  seasons.picked?.name ?? "this season"
                } yet. Every season starts from zero; past seasons stay under Season.`}
              </EmptyState>
            );
          }
          if (data.players.length === 0) {
            return (
              <EmptyState title="No players to rank" icon={<Trophy className="size-8" />}>
                {filters.group === "all"
                  ? "Players appear here as soon as they join with your team code."
                  : `No ${GROUP_OPTIONS.find((g) => g.value === filters.group)?.label.toLowerCase()} players on the team yet.`}
              </EmptyState>
            );
          } else {
            return (
              <>
                {data.attendance ? <GameAttendance attendance={data.attendance} /> : null}
                <RankingTable
                  board={data}
                  returnTo={returnTo}
                  passSummary={filters.window === "season"}
                  season={seasons.season}
                />
              </>
            );
          }
        }}
      </QueryState>
    );
  }

  const windowText =
    filters.window === "session"
      ? games.find((g) => g.id === gameId)
        ? sessionLabel(
            games.find((g) => g.id === gameId)!,
            formatDay,
          )
        : "one game"
      : filters.window === "last30"
        ? // Whole UTC days (decision 0020): the day the window starts, as the server counts it.
          `the last ${LAST_WINDOW_DAYS} days, from ${formatDay(rollingWindowSince(new Date(), LAST_WINDOW_DAYS).slice(0, 10))}`
        : (WINDOW_OPTIONS.find((w) => w.value === filters.window)?.label ?? "").toLowerCase();

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name}
        title="Leaderboard"
        lead="Players ranked by performance score, updated live as plays are logged."
      />

      <div className="card flex flex-col gap-4 p-5 lg:flex-row lg:items-end lg:gap-8">
        <SeasonPicker value={seasons} />
        <SegmentedControl
          legend="Position group"
          options={GROUP_OPTIONS}
          value={filters.group}
          onChange={(group) => setFilters({ group })}
        />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <SelectField
            label="Time window"
            className="input py-2"
            value={filters.window}
            onChange={(event) => {
              const chosen = WINDOW_OPTIONS.find((o) => o.value === event.target.value);
              if (chosen) setFilters({ window: chosen.value });
            }}
          >
            {WINDOW_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          {filters.window === "session" ? (
            <SelectField
              label="Game"
              className="input py-2"
              value={gameId ?? ""}
              disabled={games.length === 0}
              onChange={(event) => setFilters({ game: event.target.value })}
            >
              {games.length === 0 ? (
                <option value="">{sessions.data ? "No games yet" : "Loading games…"}</option>
              ) : null}
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {sessionLabel(g, formatDay)}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      </div>

      <section aria-labelledby={`${ids}-rankings`} className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${ids}-rankings`} className="text-xl font-bold text-stone-900">
            Rankings
          </h2>
          <p role="status" className="text-sm text-stone-700">
            {board.isFetching && board.data ? "Updating…" : `Scores over ${windowText}.`}
          </p>
        </div>
        <div className={firstIn ? undefined : "min-h-[50vh]"}>{rankings}</div>
        <p hidden={!firstIn} className="text-sm text-stone-600">
          Place is the order on this board (tied scores share a place). Rank is the team ranking from 1 to 10: the score
          divided by 10, rounded, plus 1.
        </p>
      </section>

      <div hidden={!firstIn}>
        <Panel title="Category leaders" icon={<Medal className="size-5" />}>
          {board.data && !waitingForGame ? (
            <LeaderCards leaders={board.data.leaders} returnTo={returnTo} />
          ) : waitingForGame ? (
            <p>Choose a game to see its leaders.</p>
          ) : board.isError ? (
            <p>The leaders could not be loaded.</p>
          ) : (
            <LoadingState label="Loading the leaders..." />
          )}
        </Panel>
      </div>
    </div>
  );
}

/**
 * The board's table. Score comes right after the player, so a phone (390 px) shows it without scrolling the
 * table sideways; the other columns follow (docs/product.md §2 `/coach/leaderboard`).
 */
function RankingTable({
  board,
  returnTo,
  passSummary,
  season,
}: {
  board: LeaderboardResponse;
  returnTo: string;
  passSummary: boolean;
  season: string | null;
}) {
  return (
    <div
      role="region"
      aria-label="Rankings table"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="border-b border-stone-200 bg-stone-100 text-stone-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Place
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Player
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Score
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Position
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Rank
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Plays
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Attendance
            </th>
          </tr>
        </thead>
        <tbody>
          {board.players.map((p) => (
            <tr key={p.id} className="border-b border-stone-100 last:border-0 hover:bg-stone-50">
              <td className="px-3 py-2">
                <span
                  className={clsx(
                    "inline-flex size-8 items-center justify-center rounded-full font-extrabold tabular-nums",
                    PLACE_STYLES[p.place - 1] ?? "bg-stone-100 text-stone-900",
                  )}
                >
                  {p.place}
                </span>
              </td>
              <th scope="row" className="px-3 py-2 text-left font-semibold">
                <Link
                  to={`/coach/player-detail/${encodeURIComponent(p.id)}${season ? `?${new URLSearchParams({ season })}` : ""}`}
                  state={{ player: passSummary ? p : undefined, returnTo }}
                  className="inline-flex items-center gap-2 text-field-800 underline-offset-2 hover:underline"
                >
                  <PlayerAvatar position={p.position} photoUrl={p.photoUrl} size="sm" />
                  <span>{p.name}</span>
                </Link>
              </th>
              <td className="px-3 py-2 text-right font-bold tabular-nums">{formatScore(p.performanceScore)}</td>
              <td className="px-3 py-2">
                <PositionBadge position={p.position} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{p.teamRanking}</td>
              <td className="px-3 py-2 text-right tabular-nums">{p.eventCount}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                <AttendanceValue percent={attendanceOf(p)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The one-game board's attendance (docs/product.md §11 (#s11-seasons)): who was there, and who was marked absent and left out. */
function GameAttendance({ attendance }: { attendance: NonNullable<LeaderboardResponse["attendance"]> }) {
  return (
    <p className="mb-3 rounded-xl bg-stone-100 px-4 py-2 text-sm text-stone-800">
      <span className="font-semibold">Attendance:</span> {attendance.present} present
      {attendance.absent.length > 0
        ? ` · Absent (not ranked): ${attendance.absent.map((p) => p.name).join(", ")}`
        : " · nobody marked absent"}
    </p>
  );
}
