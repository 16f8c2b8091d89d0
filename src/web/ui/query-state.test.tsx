// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch } from "~/lib/api";
import { QueryState } from "~/ui/query-state";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A failed first load, as TanStack Query reports it. */
function failed(error: unknown) {
  return { data: undefined, error, isError: true, isFetching: false, refetch: () => undefined };
}

async function failure(status: number, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers })),
  );
  return apiFetch("/api/team/players").catch((e: unknown) => e);
}

describe("a failed load names the server's request id", () => {
  it("from a 500's body, so a screenshot finds the server's log line", async () => {
    const error = await failure(500, {
      error: { code: "internal", message: "Something went wrong on our side. Please try again.", requestId: "req-42" },
    });
    render(
      <QueryState query={failed(error)} loading="Loading…" errorTitle="Could not load the roster" errorMessage="x">
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong on our side. Please try again.");
    expect(screen.getByRole("alert")).toHaveTextContent("Reference: req-42");
  });

  it("from X-Request-Id when the body has none", async () => {
    const error = await failure(
      404,
      { error: { code: "not_found", message: "That player was not found." } },
      { "x-request-id": "req-7" },
    );
    render(
      <QueryState query={failed(error)} loading="Loading…" errorTitle="Could not load the player" errorMessage="x">
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Reference: req-7");
  });

  it("and says nothing of one when there is none (the network failed)", () => {
    render(
      <QueryState
        query={failed(new Error("offline"))}
        loading="Loading…"
        errorTitle="Could not load the roster"
        errorMessage="Check your connection."
      >
        {() => null}
      </QueryState>,
    );
    expect(screen.getByRole("alert")).not.toHaveTextContent("Reference");
  });
});
