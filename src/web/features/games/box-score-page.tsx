import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ClipboardList, Download, ListOrdered, Printer, Users } from "lucide-react";
import { clsx } from "clsx";
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import type { GameSheetResponse } from "#domain/api/game";
import { gameSheetQuery } from "~/lib/queries";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { formatDay } from "~/ui/format";
import { EmptyState, QueryState } from "~/ui/query-state";
import { ScrollRegion } from "~/ui/scroll-region";
import { YARDS_NOT_LOGGED } from "~/ui/stat-lines";
import { FollowLinkPanel } from "./follow-link-panel";
import { buildBoxScore, opponentText, scoreText, type BoxScore, type PeriodPlays } from "./box-score";
import {
  boxScorePath,
  decimalFigure,
  gamesPath,
  homeAwayText,
  ResultBadge,
  wholeFigure,
  whyNoYards,
  type GamesArea,
} from "./game-bits";

/**
 * Printing the box score: only the page itself, on white, without the site's header, navigation, footer or the
 * page's buttons; cards keep together where they can. Kept with the page so no other screen's print changes.
 */
const PRINT_CSS = `
@media print {
  header, footer, nav, [data-print="hide"] { display: none !important; }
  html, body { background: #fff !important; }
  [data-print="box-score"] .card { box-shadow: none; break-inside: avoid; }
  [data-print="box-score"] [role="region"] { overflow: visible !important; }
  [data-print="box-score"] a { color: inherit; text-decoration: none; }
}
`;

/** The sheet as sent (the cache keeps it so) with the box score built from it, once per answer. */
const withBoxScore = (data: GameSheetResponse) => ({ data, box: buildBoxScore(data) });

const boxScoreCsvPath = (sessionId: string) => `/api/team/sessions/${encodeURIComponent(sessionId)}/box-score.csv`;

/**
 * /coach/games/{id} and /player/games/{id}: one game's box score (docs/product.md §2): the final (or running) score
 * and result, a note when the final was entered by hand, the team's lines, each player's lines by group, and the
 * play-by-play by period with the running score. Print and Download CSV.
 */
export function BoxScorePage({ sessionId, area }: { sessionId: string; area: GamesArea }) {
  const sheet = useQuery({ ...gameSheetQuery(sessionId), select: withBoxScore });
  const board = sheet.data?.data.scoreboard;

  return (
    <div className="space-y-8" data-print="box-score">
      <style>{PRINT_CSS}</style>
      <Link
        to={gamesPath(area)}
        data-print="hide"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-field-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All games
      </Link>
      <AppPageHeader
        eyebrow={
          board
            ? [formatDay(board.date), board.homeAway ? homeAwayText(board.homeAway) : null].filter(Boolean).join(" · ")
            : null
        }
        title={board ? `Box score: ${opponentText(board)}` : "Box score"}
        actions={
          <div className="flex flex-wrap gap-3" data-print="hide">
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </button>
            <a className="btn btn-secondary" href={boxScoreCsvPath(sessionId)} download>
              <Download aria-hidden="true" className="size-4" />
              Download CSV
            </a>
            {area === "coach" ? (
              <Link className="btn btn-secondary" to={`${boxScorePath(area, sessionId)}/participation`}>
                <Users aria-hidden="true" className="size-4" />
                Participation
              </Link>
            ) : null}
          </div>
        }
      />
      <QueryState
        query={sheet}
        loading="Loading the box score..."
        errorTitle="Error loading the box score"
        errorMessage="The box score could not be loaded. Please try again."
      >
        {({ data, box }) => (
          <>
            <BoxScoreBody sheet={data} box={box} />
            {data.scoreboard.kind === "game" ? (
              <FollowLinkPanel sessionId={sessionId} coach={area === "coach"} />
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}

function BoxScoreBody({ sheet, box }: { sheet: GameSheetResponse; box: BoxScore }) {
  const board = sheet.scoreboard;
  const ourName = useCurrentUser().team?.name ?? "Us";
  const theirName = board.opponent ?? "Opponent";
  const status =
    box.status === "final"
      ? "Final"
      : box.status === "in_progress"
        ? `In progress · ${board.periodLabel}`
        : "Not started";
  return (
    <>
      <section aria-label="Score" className="card flex flex-wrap items-center gap-x-6 gap-y-3">
        <div>
          <p className="text-sm font-semibold text-stone-600">{status}</p>
          <p className="flex flex-wrap items-baseline gap-x-3 text-field-800">
            <span className="sr-only">Score: </span>
            <span className="text-xl font-bold">{ourName}</span>
            <span className="text-4xl font-extrabold tracking-tight tabular-nums">{scoreText(box.score)}</span>
            <span className="text-xl font-bold">{theirName}</span>
          </p>
        </div>
        <ResultBadge state={box} className="px-3 py-1 text-base" />
        {box.correctedBy !== null ? (
          <p className="basis-full text-sm text-stone-700">
            Final score entered by {box.correctedBy}; the snaps add up to {scoreText(box.snapsScore)}.
          </p>
        ) : null}
        {box.snapCount > 0 || box.status === "final" ? (
          <LineScoreTable box={box} ourName={ourName} theirName={theirName} />
        ) : null}
      </section>

      {box.snapCount === 0 ? (
        <EmptyState title="No snaps logged yet" icon={<ClipboardList className="size-8" />} headingLevel={2}>
          The box score fills in as the coach logs snaps in the Event Logger.
        </EmptyState>
      ) : (
        <>
          <TeamLinesPanel box={box} theirName={theirName} />
          <PlayerLinesPanel box={box} />
          <PlayByPlay periods={box.periods} players={sheet.players} />
        </>
      )}
    </>
  );
}

/** The line score: each side's points per period and the final, our team first. */
function LineScoreTable({ box, ourName, theirName }: { box: BoxScore; ourName: string; theirName: string }) {
  const ls = box.lineScore;
  const rows: [string, "us" | "them"][] = [
    [ourName, "us"],
    [theirName, "them"],
  ];
  return (
    <div role="region" aria-label="Line score table" tabIndex={0} className="basis-full overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="pb-1 text-left font-bold text-stone-900">Line score</caption>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3 text-left font-semibold">
              Team
            </th>
            {ls.periods.map((p) => (
              <th key={p.period} scope="col" className="px-2 py-2 text-right font-semibold whitespace-nowrap">
                {p.label}
              </th>
            ))}
            <th scope="col" className="py-2 pl-2 text-right font-bold">
              Final
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, side]) => (
            <tr key={side} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-semibold text-stone-900">
                {name}
              </th>
              {ls.periods.map((p) => (
                <td key={p.period} className="px-2 py-2 text-right tabular-nums">
                  {p[side]}
                </td>
              ))}
              <td className="py-2 pl-2 text-right font-bold tabular-nums">{ls.final[side]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {ls.corrected ? (
        <p className="mt-1 text-xs text-stone-600">The final was entered by hand; the periods show the snaps.</p>
      ) : null}
    </div>
  );
}

// ---- Team lines ------------------------------------------------------------------------------------------------

/** One group of the team's numbers as a definition list: "Passing" — C/ATT 8/12, Yards 96, … */
function TeamGroup({ title, items }: { title: string; items: [string, ReactNode][] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 p-4">
      <h3 id={id} className="font-bold text-stone-900">
        {title}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-right font-semibold text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const penaltyText = (count: number, yards: number) => `${count} for ${yards} yds`;

function TeamLinesPanel({ box, theirName }: { box: BoxScore; theirName: string }) {
  const t = box.team;
  const o = box.opponent;
  const whyPassing =
    t.passing.attempts === 0 ? "No passes thrown yet" : whyNoYards(t.passing.completions, "No completions yet");
  const whyRushing = whyNoYards(t.rushing.carries, "No carries yet");
  return (
    <Panel title="Team" icon={<ListOrdered className="size-5" />}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TeamGroup
          title="Passing"
          items={[
            ["C/ATT", `${t.passing.completions}/${t.passing.attempts}`],
            ["Yards", wholeFigure(t.passing.yards, whyPassing)],
            ["TD", t.passing.touchdowns],
            ["INT", t.passing.interceptions],
            ["Rating", decimalFigure(t.passing.rating, whyPassing)],
          ]}
        />
        <TeamGroup
          title="Rushing"
          items={[
            ["Carries", t.rushing.carries],
            ["Yards", wholeFigure(t.rushing.yards, whyRushing)],
            ["Avg", decimalFigure(t.rushing.average, whyRushing)],
            ["TD", t.rushing.touchdowns],
          ]}
        />
        <TeamGroup
          title="Receiving"
          items={[
            ["Catches", t.receiving.catches],
            ["Yards", wholeFigure(t.receiving.yards, whyNoYards(t.receiving.catches, "No catches yet"))],
          ]}
        />
        <TeamGroup
          title="Defense"
          items={[
            ["Flag pulls", t.defense.flagPulls],
            ["Sacks", t.defense.sacks],
            ["Interceptions", t.defense.interceptions],
            ["Passes defended", t.defense.passesDefended],
            ["Stops", t.defense.stops],
          ]}
        />
        <TeamGroup
          title="Penalties"
          items={[
            ["On us", penaltyText(t.penalties.onUs, t.penalties.yardsOnUs)],
            ["On them", penaltyText(t.penalties.onThem, t.penalties.yardsOnThem)],
          ]}
        />
        <TeamGroup
          title="Game"
          items={[
            ["Touchdowns", t.touchdowns],
            ["Turnovers", t.turnovers],
            [
              "Total yards",
              wholeFigure(
                t.totalYards,
                whyNoYards(t.passing.completions + t.rushing.carries, "No completions or carries yet"),
              ),
            ],
          ]}
        />
        <TeamGroup
          title={`Opponent: ${theirName}`}
          items={[
            ["Touchdowns", o.touchdowns],
            ["Tries for 1", o.tries1],
            ["Tries for 2", o.tries2],
            ["Safeties", o.safeties],
            ["Points", o.points],
          ]}
        />
      </div>
      <p className="mt-3 text-sm text-stone-600">
        Receiving yards are the passing yards seen from the catch; total yards add passing and rushing. “—” marks yards
        not logged on every play.
      </p>
    </Panel>
  );
}

// ---- Player lines ----------------------------------------------------------------------------------------------

interface Column<T> {
  label: string;
  /** The words an abbreviated heading stands for: its tooltip, and what a screen reader says instead. */
  title?: string;
  value: (row: T) => ReactNode;
}

/** An abbreviated heading: the short form on screen with its words as tooltip, the words for screen readers. */
function Heading({ label, title }: { label: string; title?: string }) {
  if (!title) return <>{label}</>;
  return (
    <>
      <abbr title={title} aria-hidden="true">
        {label}
      </abbr>
      <span className="sr-only">{title}</span>
    </>
  );
}

function LinesTable<T extends { playerId: string; name: string }>({
  caption,
  rows,
  columns,
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
}) {
  if (rows.length === 0) return null;
  return (
    <ScrollRegion label={`${caption} table`}>
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="pb-1 text-left font-bold text-stone-900">{caption}</caption>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3 text-left font-semibold">
              Player
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="px-2 py-2 text-right font-semibold">
                <Heading label={c.label} title={c.title} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.playerId} className="border-b border-stone-100 last:border-0">
              <th scope="row" className="sticky left-0 bg-white py-2 pr-3 text-left font-semibold text-stone-900">
                {row.name}
              </th>
              {columns.map((c) => (
                <td key={c.label} className="px-2 py-2 text-right tabular-nums">
                  {c.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function PlayerLinesPanel({ box }: { box: BoxScore }) {
  const p = box.players;
  const whyPassing = (r: { completions: number }) => whyNoYards(r.completions, "No completions yet");
  const whyReceiving = (r: { catches: number }) => whyNoYards(r.catches, "No catches yet");
  return (
    <Panel title="Players" icon={<Users className="size-5" />}>
      <div className="space-y-6">
        <LinesTable
          caption="Passing"
          rows={p.passing}
          columns={[
            { label: "C/ATT", title: "Completions / attempts", value: (r) => `${r.completions}/${r.attempts}` },
            { label: "Yds", title: "Passing yards", value: (r) => wholeFigure(r.yards, whyPassing(r)) },
            { label: "TD", title: "Touchdown passes", value: (r) => r.touchdowns },
            { label: "INT", title: "Interceptions thrown", value: (r) => r.interceptions },
            {
              label: "Rating",
              title: "Passer rating (NFL formula)",
              value: (r) => decimalFigure(r.rating, whyPassing(r)),
            },
          ]}
        />
        <LinesTable
          caption="Receiving"
          rows={p.receiving}
          columns={[
            { label: "Tgt", title: "Targets", value: (r) => r.targets },
            { label: "Rec", title: "Receptions", value: (r) => r.catches },
            { label: "Yds", title: "Receiving yards", value: (r) => wholeFigure(r.yards, whyReceiving(r)) },
            { label: "TD", title: "Touchdown catches", value: (r) => r.touchdowns },
            { label: "Drops", value: (r) => r.drops },
          ]}
        />
        <LinesTable
          caption="Rushing"
          rows={p.rushing}
          columns={[
            { label: "Car", title: "Carries", value: (r) => r.carries },
            { label: "Yds", title: "Rushing yards", value: (r) => wholeFigure(r.yards, YARDS_NOT_LOGGED) },
            { label: "Avg", title: "Yards per carry", value: (r) => decimalFigure(r.average, YARDS_NOT_LOGGED) },
            { label: "TD", title: "Rushing touchdowns", value: (r) => r.touchdowns },
          ]}
        />
        <LinesTable
          caption="Defense"
          rows={p.defense}
          columns={[
            { label: "Flag pulls", value: (r) => r.flagPulls },
            { label: "Sacks", value: (r) => r.sacks },
            { label: "INT", title: "Interceptions", value: (r) => r.interceptions },
            { label: "PD", title: "Passes defended", value: (r) => r.passesDefended },
            { label: "Stops", value: (r) => r.stops },
          ]}
        />
      </div>
    </Panel>
  );
}

// ---- Play-by-play ----------------------------------------------------------------------------------------------

/**
 * The play-by-play by period, with "my player": one player's plays highlighted (or only theirs listed). A player, or
 * a guardian acting for one, starts with themselves; a coach with nobody.
 */
function PlayByPlay({ periods, players }: { periods: PeriodPlays[]; players: GameSheetResponse["players"] }) {
  const me = useCurrentUser();
  const named = new Set(periods.flatMap((p) => p.plays.flatMap((play) => play.players)));
  const choices = players.filter((p) => named.has(p.id));
  const [mine, setMine] = useState(() => (me.role === "player" && named.has(me.id) ? me.id : ""));
  const [only, setOnly] = useState(false);
  const shown = periods
    .map((p) => ({ ...p, plays: p.plays.filter((play) => !only || mine === "" || play.players.includes(mine)) }))
    .filter((p) => p.plays.length > 0);
  return (
    <Panel title="Play-by-play" icon={<ClipboardList className="size-5" />}>
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-print="hide">
        <label className="font-semibold text-stone-900" htmlFor="my-player">
          My player
        </label>
        <select
          id="my-player"
          className="input h-10 w-auto py-1"
          value={mine}
          onChange={(e) => setMine(e.target.value)}
        >
          <option value="">Nobody</option>
          {choices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.jerseyNumber === null ? "" : ` #${p.jerseyNumber}`}
            </option>
          ))}
        </select>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={only} disabled={mine === ""} onChange={(e) => setOnly(e.target.checked)} />
          Only their plays
        </label>
      </div>
      <div className="space-y-6">
        {shown.map((period) => (
          <PeriodSection key={period.period} period={period} mine={mine} />
        ))}
        {shown.length === 0 ? <p className="text-sm text-stone-600">No plays of theirs yet.</p> : null}
      </div>
    </Panel>
  );
}

function PeriodSection({ period, mine }: { period: PeriodPlays; mine: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="border-b border-stone-200 pb-1 font-bold text-stone-900">
        {period.label}
      </h3>
      <ol className="divide-y divide-stone-100">
        {period.plays.map((play) => (
          <li
            key={play.id}
            className={clsx(
              "flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm",
              mine !== "" && play.players.includes(mine) && "border-l-4 border-amber-500 bg-amber-50 pl-2",
            )}
          >
            <span className="font-medium text-stone-900">
              {play.text}
              {mine !== "" && play.players.includes(mine) ? <span className="sr-only"> (my player)</span> : null}
            </span>
            {play.points ? (
              <span
                className={
                  play.points.startsWith("Opp")
                    ? "rounded bg-stone-200 px-1.5 py-0.5 text-xs font-bold text-stone-900"
                    : "rounded bg-field-700 px-1.5 py-0.5 text-xs font-bold text-white"
                }
              >
                {play.points}
              </span>
            ) : null}
            {play.scoreAfter ? (
              <span className="font-semibold text-field-800 tabular-nums">
                <span className="sr-only">Score </span>
                {play.scoreAfter}
              </span>
            ) : null}
            <span className="ml-auto text-xs text-stone-600">
              Logged by {play.loggedBy}
              {play.edited ? " · edited" : ""}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
