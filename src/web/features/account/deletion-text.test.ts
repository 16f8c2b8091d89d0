import { describe, expect, it } from "vitest";
import type { DeletionPlan } from "#domain/api/recovery";
import { deletionLines } from "./deletion-text";

const base: DeletionPlan = {
  role: "player",
  coachRole: null,
  teamName: "Harbor Hawks",
  mustHandOver: false,
  deletesTeam: false,
  teamMembersLeft: 0,
  events: 12,
  attendance: 1,
  trainingLogs: 3,
  feedback: 0,
  apiTokens: 0,
};

describe("what the delete dialog says goes (docs/product.md §11)", () => {
  it("a player: their counts, and that their plays leave the team's numbers", () => {
    expect(deletionLines(base)).toEqual([
      "Deleted with your account: 12 logged plays, 1 attendance mark, 3 training logs and 0 feedback notes.",
      "Your plays leave the team's numbers: the leaderboard, team stats and box scores no longer count them.",
    ]);
  });

  it("a head coach alone: the team goes too, plainly", () => {
    const lines = deletionLines({ ...base, role: "coach", coachRole: "head", deletesTeam: true, teamMembersLeft: 1 });
    expect(lines[0]).toBe("You are the only coach of Harbor Hawks: deleting your account deletes the team too.");
    expect(lines[2]).toBe("Its 1 other member keeps their account, without a team.");
    expect(lines).toHaveLength(3);
    expect(lines.join(" ")).not.toMatch(/token/i);
  });

  it("a head coach alone with API tokens: they stop working and are deleted, said once", () => {
    const alone = { ...base, role: "coach" as const, coachRole: "head" as const, deletesTeam: true };
    expect(deletionLines({ ...alone, apiTokens: 2 })).toEqual([
      "You are the only coach of Harbor Hawks: deleting your account deletes the team too.",
      "Its games, practices, playbook, logged plays, stats and feedback are deleted for everyone.",
      "Nobody else is on the team.",
      "Your 2 API tokens stop working and are deleted.",
    ]);
    expect(deletionLines({ ...alone, apiTokens: 1 })[3]).toBe("Your 1 API token stops working and is deleted.");
  });

  it("a head coach with other coaches: hand over first", () => {
    const lines = deletionLines({ ...base, role: "coach", coachRole: "head", mustHandOver: true });
    expect(lines).toEqual([
      "You are the head coach of Harbor Hawks and the team has other coaches.",
      "Make one of them head coach in Team Settings before you delete your account.",
    ]);
  });

  it("an assistant coach: the team stays", () => {
    expect(deletionLines({ ...base, role: "coach", coachRole: "assistant", feedback: 2 })).toEqual([
      "Your account and your login are deleted.",
      "The 2 feedback notes you wrote are deleted too.",
      "The team, its games and its playbook stay.",
    ]);
    expect(deletionLines({ ...base, role: "coach", coachRole: "assistant", feedback: 1 })[1]).toBe(
      "The 1 feedback note you wrote is deleted too.",
    );
  });

  it("a coach whose team stays, with API tokens: one sentence, singular or plural", () => {
    const coach = { ...base, role: "coach" as const, coachRole: "assistant" as const };
    expect(deletionLines({ ...coach, apiTokens: 1 })).toEqual([
      "Your account and your login are deleted.",
      "Your 1 API token stops working and is deleted.",
      "The team, its games and its playbook stay.",
    ]);
    expect(deletionLines({ ...coach, feedback: 2, apiTokens: 3 })).toEqual([
      "Your account and your login are deleted.",
      "The 2 feedback notes you wrote are deleted too.",
      "Your 3 API tokens stop working and are deleted.",
      "The team, its games and its playbook stay.",
    ]);
  });

  it("a head coach who must hand over hears nothing about tokens yet", () => {
    const lines = deletionLines({ ...base, role: "coach", coachRole: "head", mustHandOver: true, apiTokens: 4 });
    expect(lines.join(" ")).not.toMatch(/token/i);
  });
});
