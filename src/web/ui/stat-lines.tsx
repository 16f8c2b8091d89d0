import { useId, type ReactNode } from "react";
import type { StatLinesResponse } from "#domain/api/game";
import { sessionLabel } from "#domain/reads";
import type { StatFigures, StatGroup, StatLine } from "#domain/football-stats";
import { formatCount, formatDay, lazyFormat, NONE } from "./format";
import { EmptyState } from "./query-state";

/*
 * Football stat lines (docs/product.md §10) as a coach reads them: one small table per group (passing,
 * receiving, rushing, defense) in the order the API gives, which puts the player's own position first. Counts come
 * from `line`, yards-based figures from `figures`; a figure the server sends as null reads "—" with the reason
 * (hover title and screen-reader text), never 0: yards are only summed when every play of that kind had them.
 */

/** A player's (or the team's) line as the API sends it. */
export type StatLineView = Pick<StatLinesResponse["season"], "line" | "figures" | "groups">;

export const YARDS_NOT_LOGGED = "Yards not logged on every play";

const GROUP_TITLES: Record<StatGroup, string> = {
  passing: "Passing",
  receiving: "Receiving",
  rushing: "Rushing",
  defense: "Defense",
};

const oneDecimal = lazyFormat(
  () => new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);
const upToOneDecimal = lazyFormat(() => new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }));

/** A count of the line (0 when the server left it out). */
function count(stat: StatLineView, key: keyof StatLine): number {
  return stat.line[key] ?? 0;
}

function figure(stat: StatLineView, key: keyof StatFigures): number | null {
  return stat.figures[key] ?? null;
}

/** "—" for a figure that cannot be given, with why: as a tooltip, and read out instead of the dash. */
export function Missing({ reason }: { reason: string }) {
  return (
    <span title={reason}>
      <span aria-hidden="true">{NONE}</span>
      <span className="sr-only">{reason}</span>
    </span>
  );
}

/** A column heading: the short form on screen (with its words as a tooltip), the words for screen readers. */
function Abbr({ short, words }: { short: string; words?: string }) {
  if (!words) return <>{short}</>;
  return (
    <>
      <abbr title={words} aria-hidden="true">
        {short}
      </abbr>
      <span className="sr-only">{words}</span>
    </>
  );
}

interface Column {
  short: string;
  /** The words an abbreviation stands for. */
  words?: string;
  cell: (stat: StatLineView) => ReactNode;
}

/** Why a yards-based figure of a group is null: nothing of that kind yet, or yards missing on some play. */
function whyMissing(group: StatGroup, stat: StatLineView): string {
  if (group === "passing") {
    if (count(stat, "passAttempts") === 0) return "No passes thrown yet";
    if (count(stat, "completions") === 0) return "No completions yet";
  }
  if (group === "receiving" && count(stat, "catches") === 0) return "No catches yet";
  if (group === "rushing" && count(stat, "carries") === 0) return "No carries yet";
  return YARDS_NOT_LOGGED;
}

const n = (key: keyof StatLine) => (stat: StatLineView) => formatCount(count(stat, key));

function fig(group: StatGroup, key: keyof StatFigures, format: (value: number) => string) {
  return (stat: StatLineView) => {
    const value = figure(stat, key);
    return value === null ? <Missing reason={whyMissing(group, stat)} /> : format(value);
  };
}

const decimal = (value: number) => oneDecimal().format(value);
const whole = (value: number) => formatCount(value);

const GROUP_COLUMNS: Record<StatGroup, readonly Column[]> = {
  passing: [
    {
      short: "C/ATT",
      words: "Completions / attempts",
      cell: (s) => `${formatCount(count(s, "completions"))}/${formatCount(count(s, "passAttempts"))}`,
    },
    {
      short: "Comp %",
      words: "Completion percentage",
      cell: (s) => {
        const pct = figure(s, "completionPct");
        return pct === null ? <Missing reason="No passes thrown yet" /> : `${upToOneDecimal().format(pct)}%`;
      },
    },
    { short: "Yds", words: "Passing yards", cell: fig("passing", "passYards", whole) },
    { short: "Y/A", words: "Yards per attempt", cell: fig("passing", "yardsPerAttempt", decimal) },
    { short: "TD", words: "Touchdown passes", cell: n("passTouchdowns") },
    { short: "INT", words: "Interceptions thrown", cell: n("interceptionsThrown") },
    { short: "Rating", words: "Passer rating (NFL formula)", cell: fig("passing", "passerRating", decimal) },
  ],
  receiving: [
    { short: "Tgt", words: "Targets", cell: n("targets") },
    { short: "Rec", words: "Receptions", cell: n("catches") },
    { short: "Yds", words: "Receiving yards", cell: fig("receiving", "receivingYards", whole) },
    { short: "Y/R", words: "Yards per reception", cell: fig("receiving", "yardsPerCatch", decimal) },
    { short: "TD", words: "Touchdown catches", cell: n("receivingTouchdowns") },
    { short: "Drops", cell: n("drops") },
  ],
  rushing: [
    { short: "Car", words: "Carries", cell: n("carries") },
    { short: "Yds", words: "Rushing yards", cell: fig("rushing", "rushingYards", whole) },
    { short: "Avg", words: "Yards per carry", cell: fig("rushing", "yardsPerCarry", decimal) },
    { short: "TD", words: "Rushing touchdowns", cell: n("rushingTouchdowns") },
  ],
  defense: [
    { short: "Flag pulls", cell: n("flagPulls") },
    { short: "Sacks", cell: n("sacks") },
    { short: "INT", words: "Interceptions", cell: n("interceptions") },
    { short: "PD", words: "Passes defended", cell: n("passesDefended") },
    { short: "Stops", cell: n("stops") },
    { short: "TD", words: "Return touchdowns (pick-sixes)", cell: n("defensiveTouchdowns") },
    { short: "Safeties", cell: n("safeties") },
  ],
};

/** Nothing counted at all: no snap and no event that feeds a line. */
function isEmptyLine(stat: StatLineView): boolean {
  return stat.groups.length === 0 || Object.values(stat.line).every((value) => value === 0);
}

/** One group's line as a one-row table, captioned with the group's name. */
function GroupTable({ group, stat }: { group: StatGroup; stat: StatLineView }) {
  const columns = GROUP_COLUMNS[group];
  return (
    // A region that can take focus: on a narrow phone the widest table scrolls sideways, by keyboard too.
    <div
      role="region"
      aria-label={`${GROUP_TITLES[group]} table`}
      tabIndex={0}
      className="relative min-w-0 overflow-x-auto rounded-xl border border-stone-200 bg-white"
    >
      <table className="w-full text-sm">
        <caption className="px-3 pt-2 text-left text-sm font-bold text-stone-900">{GROUP_TITLES[group]}</caption>
        <thead className="text-stone-600">
          <tr>
            {columns.map((c) => (
              <th key={c.short} scope="col" className="px-2 pt-1 text-right text-xs font-semibold whitespace-nowrap">
                <Abbr short={c.short} words={c.words} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {columns.map((c) => (
              <td key={c.short} className="px-2 pb-2 text-right text-lg font-extrabold text-stone-900 tabular-nums">
                {c.cell(stat)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/**
 * A line's groups, each a small labelled table, in the order given. With nothing counted yet it shows `empty`
 * (by default a short empty state) instead of tables of zeros.
 */
export function FootballLines({ stat, empty }: { stat: StatLineView; empty?: ReactNode }) {
  if (isEmptyLine(stat)) {
    return (
      <>
        {empty ?? (
          <EmptyState title="No football stats yet">
            Passing, receiving, rushing and defense lines appear here once plays are logged.
          </EmptyState>
        )}
      </>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
      {stat.groups.map((group) => (
        <GroupTable key={group} group={group} stat={stat} />
      ))}
    </div>
  );
}

const RESULT_WORDS = { W: "Won", L: "Lost", T: "Tied" } as const;

/** A group's line in a few words, for a row of a game list: "3/5, 40 yds, 1 TD, 1 INT, rating 85.4". */
function groupSummary(group: StatGroup, stat: StatLineView): ReactNode {
  const yards = (key: keyof StatFigures) => {
    const value = figure(stat, key);
    return value === null ? <Missing reason={whyMissing(group, stat)} /> : formatCount(value);
  };
  const c = (key: keyof StatLine) => formatCount(count(stat, key));
  switch (group) {
    case "passing": {
      const rating = figure(stat, "passerRating");
      return (
        <>
          {c("completions")}/{c("passAttempts")}, {yards("passYards")} yds, {c("passTouchdowns")}{" "}
          <abbr title="touchdowns">TD</abbr>, {c("interceptionsThrown")} <abbr title="interceptions thrown">INT</abbr>
          {rating !== null ? `, rating ${decimal(rating)}` : null}
        </>
      );
    }
    case "receiving":
      return (
        <>
          {c("catches")} of {c("targets")} caught, {yards("receivingYards")} yds, {c("receivingTouchdowns")}{" "}
          <abbr title="touchdowns">TD</abbr>
          {count(stat, "drops") > 0 ? `, ${c("drops")} dropped` : null}
        </>
      );
    case "rushing":
      return (
        <>
          {c("carries")} {count(stat, "carries") === 1 ? "carry" : "carries"}, {yards("rushingYards")} yds,{" "}
          {c("rushingTouchdowns")} <abbr title="touchdowns">TD</abbr>
        </>
      );
    case "defense":
      return (
        <>
          {c("flagPulls")} flag {count(stat, "flagPulls") === 1 ? "pull" : "pulls"}, {c("sacks")}{" "}
          {count(stat, "sacks") === 1 ? "sack" : "sacks"}, {c("interceptions")} <abbr title="interceptions">INT</abbr>,{" "}
          {c("passesDefended")} <abbr title="passes defended">PD</abbr>
          {count(stat, "defensiveTouchdowns") > 0 ? (
            <>
              , {c("defensiveTouchdowns")} return <abbr title="touchdowns">TD</abbr>
            </>
          ) : null}
          {count(stat, "safeties") > 0
            ? `, ${c("safeties")} ${count(stat, "safeties") === 1 ? "safety" : "safeties"}`
            : null}
        </>
      );
  }
}

type GameLine = StatLinesResponse["games"][number];

/**
 * A player's games, newest first: the game, its result (once it has a final score) and each group's line in a
 * few words. `limit` keeps the newest few.
 */
export function GameLinesTable({ games, label, limit }: { games: readonly GameLine[]; label: string; limit?: number }) {
  const shown = limit === undefined ? games : games.slice(0, limit);
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3 text-left font-semibold">
              Game
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold">
              Result
            </th>
            <th scope="col" className="py-2 pl-3 text-left font-semibold">
              Line
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((g) => (
            <tr key={g.sessionId} className="border-b border-stone-100 align-top last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-semibold whitespace-nowrap text-stone-900">
                {sessionLabel({ kind: "game", date: g.date, opponent: g.opponent }, formatDay)}
              </th>
              <td className="px-3 py-2 font-bold">
                {g.result ? (
                  <abbr title={RESULT_WORDS[g.result]}>{g.result}</abbr>
                ) : (
                  <Missing reason="No final score yet" />
                )}
              </td>
              <td className="py-2 pl-3">
                {isEmptyLine(g.stat) ? (
                  <span className="text-stone-600">Nothing counted</span>
                ) : (
                  <ul className="space-y-0.5">
                    {g.stat.groups.map((group) => (
                      <li key={group}>
                        <span className="font-semibold text-stone-900">{GROUP_TITLES[group]}:</span>{" "}
                        {groupSummary(group, g.stat)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A player's football stats as the player detail and the player's own dashboard show them: the season's line
 * (`seasonEmpty` before any), then the games (`gamesEmpty` when there are none; null leaves the games out then).
 */
export function SeasonAndGames({
  data,
  seasonEmpty,
  gamesTitle,
  gamesLabel,
  gamesEmpty,
  limit,
}: {
  data: StatLinesResponse;
  seasonEmpty: ReactNode;
  gamesTitle: string;
  gamesLabel: string;
  gamesEmpty: ReactNode | null;
  limit?: number;
}) {
  const ids = useId();
  const noGames = data.games.length === 0;
  return (
    <div className="space-y-5">
      <section aria-labelledby={`${ids}-season`} className="space-y-2">
        <h3 id={`${ids}-season`} className="font-bold text-stone-900">
          Season
        </h3>
        <FootballLines stat={data.season} empty={seasonEmpty} />
      </section>
      {noGames && gamesEmpty === null ? null : (
        <section aria-labelledby={`${ids}-games`} className="space-y-2">
          <h3 id={`${ids}-games`} className="font-bold text-stone-900">
            {gamesTitle}
          </h3>
          {noGames ? gamesEmpty : <GameLinesTable games={data.games} limit={limit} label={gamesLabel} />}
        </section>
      )}
    </div>
  );
}
