/**
 * Notifications by Web Push (docs/product.md §16, issue #30, decision 0035): which kinds a person can turn on, what
 * a notification carries, and the words of the game's notifications. Pure and free of zod: the server builds the
 * notifications, the app shows the choices, the service worker shows the payload.
 */

/** The notifications a person chooses among, in the order the settings list them. */
export const PUSH_KINDS = ["game_start", "scores", "game_final", "schedule", "announcements"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type PushPreferences = Record<PushKind, boolean>;

export const PUSH_KIND_LABELS: Readonly<Record<PushKind, string>> = Object.freeze({
  game_start: "Kickoff",
  scores: "Every score",
  game_final: "Final score",
  schedule: "Schedule changes and reminders",
  announcements: "Team announcements",
});

/** What each kind is, in a sentence. */
export const PUSH_KIND_DESCRIPTIONS: Readonly<Record<PushKind, string>> = Object.freeze({
  game_start: "When one of your team's games starts being logged.",
  scores: "Every score of your team's games, as it is logged, with the play.",
  game_final: "The final score when a coach ends a game.",
  schedule: "Changes to games and practices within 48 hours, and reminders to say whether you are coming.",
  announcements: "A coach's message to the team.",
});

/** What a notification carries to the device (encrypted for it, RFC 8291); the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  /** The app page a tap opens, a path on the server's origin ("/coach/games/…"). */
  url: string;
  /** Notifications with the same tag replace each other on the device (one game's score updates). */
  tag: string;
  /** Milliseconds since the epoch when it was meant: the device shows it as the notification's time. */
  at: number;
}

/** Where a tap on a notification with no page of its own opens: the signed-in person's own start page (its dashboard). */
export const START_PAGE = "/start";

/** The largest payload sent, in UTF-8 bytes: RFC 8291 leaves 3,993 bytes of a 4,096-byte message for it. */
export const MAX_PAYLOAD_BYTES = 3_000;

/** Cuts a text to `max` characters at a word, with an ellipsis. */
export function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "Chrome on Android", "Safari on iPhone", …: how a settings list names a device, from its user agent. */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const os = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Mac OS X|Macintosh/.test(ua)
          ? "Mac"
          : /Windows/.test(ua)
            ? "Windows"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\/|FxiOS/.test(ua)
      ? "Firefox"
      : /OPR\//.test(ua)
        ? "Opera"
        : /SamsungBrowser/.test(ua)
          ? "Samsung Internet"
          : /Chrome\/|Chromium\/|CriOS/.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "A browser";
}

/**
 * Whether a push endpoint may be used: https on a name (not an address), or an origin the operator allowed
 * (PUSH_ENDPOINT_ORIGINS, for a push service on the LAN and for tests). The server posts to every endpoint it
 * keeps, so an address inside the network must not be smuggled in as one.
 */
export function endpointAllowed(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedOrigins.some((origin) => sameOriginIgnoringPort(url, origin))) return true;
  if (url.protocol !== "https:") return false;
  const host = url.hostname;
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return false;
  if (/^[\d.]+$/.test(host) || host.startsWith("[")) return false;
  return host.includes(".");
}

/** `http://127.0.0.1` allows every port of that scheme and host; `http://127.0.0.1:9000` only that port. */
function sameOriginIgnoringPort(url: URL, origin: string): boolean {
  let allowed: URL;
  try {
    allowed = new URL(origin);
  } catch {
    return false;
  }
  if (allowed.protocol !== url.protocol || allowed.hostname !== url.hostname) return false;
  return allowed.port === "" || allowed.port === url.port;
}

/** What the game's notifications need to know of the game. */
export interface GamePushFacts {
  team: string;
  opponent: string | null;
  score: { us: number; them: number };
}

/** "Eagles 14–7 Sharks", "Eagles 14–7". */
function gameScoreLine(game: GamePushFacts): string {
  const line = `${game.team} ${game.score.us}–${game.score.them}`;
  return game.opponent ? `${line} ${game.opponent}` : line;
}

/** "Eagles vs Sharks", "Eagles". */
function gameTitle(game: GamePushFacts): string {
  return game.opponent ? `${game.team} vs ${game.opponent}` : game.team;
}

/** The notification of a game's first snap. */
export function kickoffText(game: GamePushFacts): { title: string; body: string } {
  return { title: `Kickoff: ${gameTitle(game)}`, body: "The game is under way. Tap to follow it live." };
}

/** The notification of a scoring play: the score line and the play in words ("Maya #7 → Leo #11, touchdown"). */
export function scoreText(game: GamePushFacts, play: string, points: string | null): { title: string; body: string } {
  return { title: gameScoreLine(game), body: clip(points ? `${points}: ${play}` : play, 180) };
}

/** The notification of the final score. */
export function finalText(game: GamePushFacts, result: "W" | "L" | "T" | null): { title: string; body: string } {
  const word = result === "W" ? "Win" : result === "L" ? "Loss" : result === "T" ? "Tie" : "Final";
  return { title: `Final: ${gameScoreLine(game)}`, body: `${word}. Tap for the box score.` };
}
