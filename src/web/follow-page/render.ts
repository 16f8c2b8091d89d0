/**
 * What a follow page draws (docs/product.md §15): the game as GET /api/follow/{token} answers it, with one player
 * highlighted (or only their plays shown). Plain DOM, no framework: the page's whole script stays a few kilobytes
 * (issue #30: at most 30 KB of JavaScript before first paint). Every text goes in as text, never as HTML.
 */
import type { FollowGame } from "#domain/follow";

/** Which player the viewer follows ("" for nobody) and whether only that player's plays are listed. */
export interface Focus {
  player: string;
  only: boolean;
}

type Child = Node | string | null | false;

/** An element with attributes and children (strings become text nodes). */
export function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child) el.append(child);
  return el;
}

const STATUS_WORDS = { not_started: "Not started", live: "Live", final: "Final" } as const;

/** "Sat, Oct 3" in the viewer's language. */
function dayText(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The page's title and the two sides' names: "Falcons" and "Owls" (or "Opponent"). */
function sides(game: FollowGame): { us: string; them: string; title: string } {
  const them = game.opponent ?? "Opponent";
  const at = game.homeAway === "away" ? "at" : "vs";
  return { us: game.team, them, title: `${game.team} ${at} ${them}` };
}

export function scoreboard(game: FollowGame): HTMLElement {
  const { us, them, title } = sides(game);
  const state =
    game.status === "live" ? `Live · ${game.periodLabel}` : game.status === "final" ? "Final" : "Not started";
  return h(
    "section",
    { class: "board", "aria-labelledby": "game-title" },
    h("h1", { id: "game-title" }, title),
    h("p", { class: "meta" }, `${dayText(game.date)} · `, h("strong", { class: `status ${game.status}` }, state)),
    h(
      "p",
      { class: "score", "aria-live": "polite" },
      h(
        "span",
        { class: "side" },
        h("span", { class: "name" }, us),
        h("span", { class: "pts" }, String(game.score.us)),
      ),
      h("span", { class: "dash", "aria-hidden": "true" }, "–"),
      h(
        "span",
        { class: "side" },
        h("span", { class: "name" }, them),
        h("span", { class: "pts" }, String(game.score.them)),
      ),
    ),
    game.down ? h("p", { class: "down" }, game.down) : null,
  );
}

export function lineScoreTable(game: FollowGame): HTMLElement {
  const { us, them } = sides(game);
  const head = h("tr", {}, h("th", { scope: "col" }, "Team"));
  for (const p of game.lineScore.periods) head.append(h("th", { scope: "col" }, p.label));
  head.append(h("th", { scope: "col" }, "Total"));
  const row = (name: string, of: "us" | "them") =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, name),
      ...game.lineScore.periods.map((p) => h("td", {}, String(p[of]))),
      h("td", { class: "total" }, String(game.lineScore.final[of])),
    );
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      {},
      h("caption", {}, "Line score"),
      h("thead", {}, head),
      h("tbody", {}, row(us, "us"), row(them, "them")),
    ),
  );
}

/** The "my player" controls: a list of the game's players and "only their plays". */
export function focusControls(game: FollowGame, focus: Focus): HTMLElement {
  const select = h("select", { id: "focus-player", name: "player" }, h("option", { value: "" }, "Nobody"));
  for (const p of game.players) {
    const option = h("option", { value: p.key }, p.name) as HTMLOptionElement;
    option.selected = p.key === focus.player;
    select.append(option);
  }
  const only = h("input", { type: "checkbox", id: "focus-only", name: "only" }) as HTMLInputElement;
  only.checked = focus.only;
  only.disabled = focus.player === "";
  return h(
    "div",
    { class: "focus" },
    h("label", { for: "focus-player" }, "My player"),
    select,
    h("label", { class: "check" }, only, " Only their plays"),
  );
}

function playRow(play: FollowGame["plays"][number], mine: boolean): HTMLElement {
  return h(
    "li",
    { class: mine ? "play mine" : "play" },
    h("span", { class: "text" }, play.text, mine ? h("span", { class: "sr" }, " (my player)") : null),
    play.points ? h("span", { class: play.points.startsWith("Opp") ? "pts them" : "pts us" }, play.points) : null,
    h("span", { class: "running" }, `${play.score.us}–${play.score.them}`),
  );
}

export function playByPlay(game: FollowGame, focus: Focus): HTMLElement {
  const section = h("section", { "aria-labelledby": "plays-title" }, h("h2", { id: "plays-title" }, "Play-by-play"));
  const shown = game.plays.filter((p) => !focus.only || focus.player === "" || p.players.includes(focus.player));
  if (shown.length === 0) {
    const none =
      game.plays.length === 0 ? "No plays yet: they show here as the coach logs them." : "No plays of theirs yet.";
    section.append(h("p", { class: "empty" }, none));
    return section;
  }
  // Newest first, under a heading per period.
  let list: HTMLElement | null = null;
  let period = -1;
  for (const play of [...shown].reverse()) {
    if (play.period !== period) {
      period = play.period;
      section.append(h("h3", {}, play.periodLabel), (list = h("ol", { class: "plays" })));
    }
    list!.append(playRow(play, focus.player !== "" && play.players.includes(focus.player)));
  }
  return section;
}

/** The words of a game's state for the tab's title: "Falcons 7–6 Owls · Live". */
export function titleOf(game: FollowGame): string {
  const { us, them } = sides(game);
  return `${us} ${game.score.us}–${game.score.them} ${them} · ${STATUS_WORDS[game.status]}`;
}
