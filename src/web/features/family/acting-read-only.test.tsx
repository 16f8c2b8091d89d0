// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AnswerButtons } from "~/ui/schedule-event";
import { ActingBanner } from "./acting-banner";
import { playerUser } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * A guardian viewing a child who signs in on their own (docs/product.md §13): the banner says the screens are the
 * child's to change, and the child's answer shows as words, not as buttons to press.
 */

const acting = (readOnly: boolean) =>
  playerUser({ id: "c-1", fullName: "Leo Rivera", actingGuardian: { id: "g-1", fullName: "Rosa Rivera", readOnly } });

function Screen() {
  return (
    <>
      <ActingBanner />
      <AnswerButtons eventId="e-1" playerId="c-1" answer="maybe" note="Dentist at 5" own label="Your answer" />
    </>
  );
}

describe("acting for a child who signs in on their own", () => {
  it("reads only: the banner says so and the answer is shown, not offered", async () => {
    renderPage(<Screen />, { path: "/player/schedule", user: acting(true), api: fakeApi() });
    expect(await screen.findByText(/They sign in on their own now/)).toBeInTheDocument();
    expect(screen.getByText(/They answer on their own sign-in/)).toHaveTextContent(
      "Maybe · Note: Dentist at 5 · They answer on their own sign-in.",
    );
    expect(screen.queryByRole("group", { name: "Your answer" })).not.toBeInTheDocument();
  });

  it("a child with no sign-in of their own: the guardian answers with the buttons", async () => {
    renderPage(<Screen />, { path: "/player/schedule", user: acting(false), api: fakeApi() });
    expect(await screen.findByRole("group", { name: "Your answer" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Maybe" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByText(/They sign in on their own now/)).not.toBeInTheDocument();
  });
});
