/**
 * The follow page's script (/follow/<token>, docs/product.md §15): opens the game's event stream, draws each game it
 * sends, and keeps the viewer's "my player" choice in this browser. No account, no cookie, no framework.
 */
import type { FollowGame } from "#domain/follow";
import { FOLLOW_EVENT, FOLLOW_GONE_EVENT } from "#domain/follow";
import { focusControls, h, lineScoreTable, playByPlay, scoreboard, titleOf, type Focus } from "./render";

const token = location.pathname.split("/").pop() ?? "";
const root = document.getElementById("game")!;
const status = document.getElementById("connection")!;
/** The player followed, by name (the answer's keys are per answer), and "only their plays", kept per link. */
const storeKey = `flagline.follow.${token.slice(0, 24)}`;

let game: FollowGame | null = null;
let chosen: { name: string; only: boolean } = { name: "", only: false };
try {
  chosen = { ...chosen, ...(JSON.parse(localStorage.getItem(storeKey) ?? "{}") as typeof chosen) };
} catch {
  // Storage off or spoiled: follow nobody.
}

const board = h("div");
const lines = h("div");
const controls = h("div");
const plays = h("div");
/** The players the controls were drawn for: redrawn only when they change, so an open picker stays open. */
let drawnPlayers = "";

function focusOf(g: FollowGame): Focus {
  const player = g.players.find((p) => p.name === chosen.name)?.key ?? "";
  return { player, only: player !== "" && chosen.only };
}

function draw(): void {
  if (!game) return;
  const focus = focusOf(game);
  board.replaceChildren(scoreboard(game));
  lines.replaceChildren(lineScoreTable(game));
  const players = JSON.stringify(game.players);
  if (players !== drawnPlayers) {
    drawnPlayers = players;
    controls.replaceChildren(game.players.length > 0 ? focusControls(game, focus) : "");
  }
  plays.replaceChildren(playByPlay(game, focus));
  document.title = titleOf(game);
  if (!root.contains(board)) root.replaceChildren(board, lines, controls, plays);
}

controls.addEventListener("change", (event) => {
  const target = event.target as HTMLInputElement | HTMLSelectElement;
  if (!game) return;
  if (target.id === "focus-player") {
    chosen.name = game.players.find((p) => p.key === target.value)?.name ?? "";
    const only = document.getElementById("focus-only") as HTMLInputElement | null;
    if (only) only.disabled = chosen.name === "";
  } else if (target.id === "focus-only") {
    chosen.only = (target as HTMLInputElement).checked;
  }
  try {
    localStorage.setItem(storeKey, JSON.stringify(chosen));
  } catch {
    // Not kept: the choice lasts this visit.
  }
  draw();
});

function gone(): void {
  game = null;
  root.replaceChildren(
    h("h1", {}, "This link no longer works"),
    h("p", {}, "The coach turned it off, or the game was removed. Ask the team's coach for a new link."),
  );
  status.textContent = "";
  document.title = "Follow link no longer works · Flagline";
}

/** The game's stream; a refused one is asked about once: a dead link, or a game too busy for now. */
function connect(): void {
  const stream = new EventSource(`/api/follow/${encodeURIComponent(token)}/stream`);
  stream.addEventListener(FOLLOW_EVENT, (event) => {
    game = JSON.parse((event as MessageEvent<string>).data) as FollowGame;
    status.textContent = game.status === "final" ? "Final score" : "Live: updates as the coach logs each play";
    draw();
  });
  stream.addEventListener(FOLLOW_GONE_EVENT, () => {
    stream.close();
    gone();
  });
  stream.addEventListener("error", () => {
    // The browser reconnects by itself after a dropped stream; a refused one (404, 429) it gives up on.
    if (stream.readyState !== EventSource.CLOSED) {
      status.textContent = "Reconnecting…";
      return;
    }
    void fetch(`/api/follow/${encodeURIComponent(token)}`).then(
      (res) => {
        if (res.status === 404) return gone();
        status.textContent = "Many people are following this game: trying again in a minute.";
        setTimeout(connect, 60_000);
      },
      () => {
        status.textContent = "Reconnecting…";
        setTimeout(connect, 5_000);
      },
    );
  });
}
connect();
