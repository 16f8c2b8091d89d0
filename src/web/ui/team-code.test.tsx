// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TeamCodeCard } from "./team-code";
import { TeamCodes } from "./team-codes";
import { possessive } from "./format";

afterEach(cleanup);

/* docs/product.md §11: a player who joins with the team code waits for the coach to confirm them. */
describe("how players join, as the team code cards say it", () => {
  it("the roster's and dashboard's card says they wait for a coach to confirm them", () => {
    render(<TeamCodeCard code="HAWK23" />);
    expect(
      screen.getByText(/They wait under “Waiting for you” on your roster until a coach confirms them/),
    ).toBeVisible();
    expect(screen.queryByText(/straight away/)).toBeNull();
  });

  it("Team Settings' codes say the same", () => {
    render(<TeamCodes team={{ id: "t1", name: "Harbor Hawks", code: "HAWK23", coachInviteCode: "COACH1234" }} />);
    expect(screen.getByText(/until a\s+coach confirms them/)).toBeVisible();
    expect(screen.queryByText(/straight away/)).toBeNull();
  });
});

describe("possessive", () => {
  it("writes a name ending in s with an apostrophe alone", () => {
    expect(possessive("Riverside Rockets")).toBe("Riverside Rockets'");
    expect(possessive("Noah")).toBe("Noah's");
  });
});
