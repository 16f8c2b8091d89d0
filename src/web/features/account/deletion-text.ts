import type { DeletionPlan } from "#domain/api/recovery";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A coach's API tokens go with the account (a cascade); nothing is said when they made none. */
function tokensLine(n: number): string {
  if (n === 0) return "";
  return n === 1
    ? "Your 1 API token stops working and is deleted."
    : `Your ${n} API tokens stop working and are deleted.`;
}

/** What the delete dialog says goes with the account (docs/product.md §11), one sentence per line. */
export function deletionLines(plan: DeletionPlan): string[] {
  const team = plan.teamName ?? "your team";
  if (plan.mustHandOver) {
    return [
      `You are the head coach of ${team} and the team has other coaches.`,
      "Make one of them head coach in Team Settings before you delete your account.",
    ];
  }
  if (plan.deletesTeam) {
    return [
      `You are the only coach of ${team}: deleting your account deletes the team too.`,
      "Its games, practices, playbook, logged plays, stats and feedback are deleted for everyone.",
      plan.teamMembersLeft === 0
        ? "Nobody else is on the team."
        : plan.teamMembersLeft === 1
          ? "Its 1 other member keeps their account, without a team."
          : `Its ${plan.teamMembersLeft} other members keep their accounts, without a team.`,
      tokensLine(plan.apiTokens),
    ].filter(Boolean);
  }
  if (plan.role === "player") {
    return [
      `Deleted with your account: ${plural(plan.events, "logged play", "logged plays")}, ${plural(plan.attendance, "attendance mark", "attendance marks")}, ${plural(plan.trainingLogs, "training log", "training logs")} and ${plural(plan.feedback, "feedback note", "feedback notes")}.`,
      "Your plays leave the team's numbers: the leaderboard, team stats and box scores no longer count them.",
    ];
  }
  return [
    "Your account and your login are deleted.",
    plan.feedback > 0
      ? `The ${plural(plan.feedback, "feedback note", "feedback notes")} you wrote ${plan.feedback === 1 ? "is" : "are"} deleted too.`
      : "",
    tokensLine(plan.apiTokens),
    "The team, its games and its playbook stay.",
  ].filter(Boolean);
}
