import type { MergePlan, SessionImpact } from "#domain/api/sessions";
import { plural } from "~/ui/format";

/*
 * What the sessions screen says before a delete or a merge (docs/product.md §2 `/coach/games/sessions`): the counts
 * the API gives, in words. Deleting a session removes its attendance marks and its snaps (a game's play-by-play
 * and score); its logged plays stay in the players' stats, without a session (§3).
 */

/** "1 and 2", "1, 2 and 3". */
function listed(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** The lines of the delete dialog: what goes, then what stays. */
export function deleteImpactLines(impact: SessionImpact): string[] {
  const removed: string[] = [];
  if (impact.snaps > 0) removed.push(`${plural(impact.snaps, "snap")} (the play-by-play and score)`);
  if (impact.marks > 0) removed.push(plural(impact.marks, "attendance mark"));
  const lines = [removed.length ? `Deletes ${listed(removed)}.` : "Deletes no snaps and no attendance marks."];
  if (impact.events > 0) {
    const stay = impact.events === 1 ? "stays" : "stay";
    lines.push(
      `Its ${plural(impact.events, "logged play")} of ${plural(impact.eventPlayers, "player")} ${stay} in the players' stats, without a session.`,
    );
  } else {
    lines.push("No logged plays.");
  }
  return lines;
}

/** The lines of the merge preview: what moves, and the players marked in both sessions. */
export function mergeLines(plan: MergePlan): string[] {
  const moved = [
    plural(plan.events, "logged play"),
    ...(plan.source.kind === "game" ? [plural(plan.snaps, "snap")] : []),
    plural(plan.marks + plan.conflicts.length, "attendance mark"),
  ];
  const lines = [`Moves ${listed(moved)}, then deletes this session.`];
  if (plan.conflicts.length) {
    const names = plan.conflicts.map((c) => `${c.name} (${c.merged ? "present" : "absent"})`);
    lines.push(`Marked in both: ${listed(names)}. Present wins.`);
  }
  if (plan.finalRecomputed) lines.push("The final score is recomputed from the snaps.");
  return lines;
}
