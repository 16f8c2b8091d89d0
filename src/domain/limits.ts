/**
 * Limits the API enforces and the screens keep to or show (the yards pad, the game's period stepper, the outbox's
 * batches, the session form's lengths). Free of zod, so a screen that only needs a number does not load it with the
 * API's schemas (decision 0021); the schemas in api/ use these same numbers.
 */

/** Yards an event may carry (a sack can lose yards; a long field plus returns bounds the top). */
export const MIN_YARDS = -99;
export const MAX_YARDS = 150;

/** The longest opponent name and location a session may have. */
export const MAX_OPPONENT = 80;
export const MAX_LOCATION = 120;

/** At most this many snaps in one POST /api/team/snaps (the outbox catching up after a game offline). */
export const MAX_SNAPS_PER_REQUEST = 200;
/** Periods a game may have: four quarters plus overtimes. */
export const MAX_PERIOD = 8;
/** The most players a snap's lineup may hold (the largest players-on-field the league rules allow). */
export const MAX_LINEUP = 11;

/** The longest name an API token may have (docs/product.md §11 "API tokens"), and how many a team may hold. */
export const MAX_API_TOKEN_NAME = 60;
export const MAX_API_TOKENS_PER_TEAM = 25;
