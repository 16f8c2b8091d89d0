/**
 * A league admin's changes to the schedule by hand (docs/product.md §17, issue #31): move a game to another field,
 * day or time, swap two games' places, add a game, cancel one, switch home and away. Pure: the changes are applied
 * to the games in memory, all or none, and what the schedule would then be is checked (conflicts.ts) before
 * anything is saved. A game either team has started logging stays where it is: its result stands.
 */

export const LEAGUE_EDITS_MAX = 20;

export interface EditableGame {
  id: string;
  divisionId: string;
  round: number;
  homeTeamId: string;
  awayTeamId: string;
  fieldId: string;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  status: "draft" | "published" | "cancelled";
  /** Either team has a game logged for it. */
  played: boolean;
}

interface GamePlace {
  fieldId: string;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
}

export type Edit =
  | ({ kind: "move"; gameId: string } & GamePlace)
  | { kind: "swap"; gameId: string; otherGameId: string }
  | ({ kind: "add"; divisionId: string; homeTeamId: string; awayTeamId: string } & GamePlace)
  | { kind: "cancel"; gameId: string }
  | { kind: "flip"; gameId: string };

export interface EditContext {
  /** The league's fields and their sub-fields (empty: one playing surface). */
  fields: ReadonlyMap<string, { name: string; subFields: readonly string[] }>;
  /** Every league team's division and name. */
  teams: ReadonlyMap<string, { divisionId: string; name: string }>;
}

export type EditOutcome =
  | {
      ok: true;
      /** The schedule after the changes (drafts cancelled are gone; published ones are kept, cancelled). */
      games: EditableGame[];
      /** Ids of existing games that changed. */
      changed: Set<string>;
      /** Ids of drafts taken off. */
      removed: Set<string>;
      /** Ids of the games added. */
      added: Set<string>;
    }
  | { ok: false; status: 400 | 404 | 409; message: string };

const PLACE_KEYS = ["fieldId", "subField", "date", "startTime", "durationMinutes"] as const;

function placeOf(g: GamePlace): GamePlace {
  return {
    fieldId: g.fieldId,
    subField: g.subField,
    date: g.date,
    startTime: g.startTime,
    durationMinutes: g.durationMinutes,
  };
}

const samePlace = (a: GamePlace, b: GamePlace) => PLACE_KEYS.every((k) => a[k] === b[k]);

/** Applies the changes in order; the first one that cannot be made is the outcome, and nothing is applied. */
export function applyScheduleEdits(
  games: readonly EditableGame[],
  edits: readonly Edit[],
  ctx: EditContext,
  newId: () => string,
): EditOutcome {
  const byId = new Map(games.map((g) => [g.id, { ...g }]));
  const changed = new Set<string>();
  const removed = new Set<string>();
  const added = new Set<string>();
  const name = (teamId: string) => ctx.teams.get(teamId)?.name ?? "A team";
  const title = (g: EditableGame) => `${name(g.homeTeamId)} v ${name(g.awayTeamId)}`;
  const fail = (status: 400 | 404 | 409, message: string): EditOutcome => ({ ok: false, status, message });

  const placeProblem = (p: GamePlace): string | null => {
    const field = ctx.fields.get(p.fieldId);
    if (!field) return "That field is not one of this league's.";
    if (field.subFields.length === 0 ? p.subField !== "" : !field.subFields.includes(p.subField))
      return field.subFields.length === 0
        ? `${field.name} has no sub-fields.`
        : `Choose one of ${field.name}'s fields: ${field.subFields.join(", ")}.`;
    return null;
  };

  /** A game that may be changed, or why not. */
  const editable = (gameId: string): EditableGame | string => {
    const g = byId.get(gameId);
    if (!g) return "404";
    if (g.status === "cancelled") return `${title(g)} is cancelled.`;
    if (g.played) return `${title(g)} has been played: its result stands.`;
    return g;
  };

  for (const edit of edits) {
    if (edit.kind === "add") {
      const problem = placeProblem(edit);
      if (problem) return fail(400, problem);
      const home = ctx.teams.get(edit.homeTeamId);
      const away = ctx.teams.get(edit.awayTeamId);
      if (!home || !away || home.divisionId !== edit.divisionId || away.divisionId !== edit.divisionId)
        return fail(400, "Both teams must be in the game's division.");
      if (edit.homeTeamId === edit.awayTeamId) return fail(400, "A team cannot play itself.");
      const id = newId();
      byId.set(id, {
        id,
        divisionId: edit.divisionId,
        round: 0,
        homeTeamId: edit.homeTeamId,
        awayTeamId: edit.awayTeamId,
        ...placeOf(edit),
        status: "draft",
        played: false,
      });
      added.add(id);
      continue;
    }
    const game = editable(edit.gameId);
    if (game === "404") return fail(404, "That game is not on this league's schedule.");
    if (typeof game === "string") return fail(409, game);
    const touch = (g: EditableGame) => {
      if (!added.has(g.id)) changed.add(g.id);
    };
    switch (edit.kind) {
      case "move": {
        const problem = placeProblem(edit);
        if (problem) return fail(400, problem);
        if (samePlace(game, edit)) break;
        Object.assign(game, placeOf(edit));
        touch(game);
        break;
      }
      case "swap": {
        const other = editable(edit.otherGameId);
        if (other === "404") return fail(404, "That game is not on this league's schedule.");
        if (typeof other === "string") return fail(409, other);
        if (other.id === game.id) return fail(400, "Choose another game to swap with.");
        const a = placeOf(game);
        Object.assign(game, placeOf(other));
        Object.assign(other, a);
        touch(game);
        touch(other);
        break;
      }
      case "flip": {
        [game.homeTeamId, game.awayTeamId] = [game.awayTeamId, game.homeTeamId];
        touch(game);
        break;
      }
      case "cancel": {
        if (game.status === "draft") {
          byId.delete(game.id);
          if (added.has(game.id)) added.delete(game.id);
          else removed.add(game.id);
          changed.delete(game.id);
        } else {
          game.status = "cancelled";
          touch(game);
        }
        break;
      }
    }
  }
  return { ok: true, games: [...byId.values()], changed, removed, added };
}
