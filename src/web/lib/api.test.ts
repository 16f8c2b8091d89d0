import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, isApiError, NETWORK_ERROR_STATUS } from "./api";
import { fetchSessionUser, SessionCheckFailed } from "./session-context";

function respond(status: number, body?: unknown) {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(text === "" ? null : text, { status }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("sends JSON with the session cookie and returns the parsed body", async () => {
    const fetchMock = respond(201, { ok: true });
    vi.stubGlobal("fetch", fetchMock);
    await expect(apiFetch("/api/contact", { method: "POST", json: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/contact");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("turns the error envelope into an ApiError with its fields", async () => {
    vi.stubGlobal(
      "fetch",
      respond(400, {
        error: { code: "validation", message: "Bad input", fields: { teamCode: "No team has this code." } },
      }),
    );
    const error = await apiFetch("/api/signup", { method: "POST", json: {} }).catch((e: unknown) => e);
    expect(isApiError(error, 400)).toBe(true);
    expect(error).toMatchObject({
      code: "validation",
      message: "Bad input",
      fields: { teamCode: "No team has this code." },
    });
  });

  it("gives a readable ApiError for a non-JSON error page", async () => {
    vi.stubGlobal("fetch", respond(502, "<html>Bad gateway</html>"));
    const error = await apiFetch("/api/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).fields).toEqual({});
  });

  it("reports a failed request as status 0", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await apiFetch("/api/me").catch((e: unknown) => e);
    expect(isApiError(error, NETWORK_ERROR_STATUS)).toBe(true);
  });
});

const me = {
  id: "u1",
  email: "coach@example.com",
  role: "coach",
  fullName: "Jordan Reyes",
  coachRole: "head",
  team: { id: "t1", name: "Raptors", code: "RAPT42", coachInviteCode: "INV-1" },
  jerseyNumber: null,
  primaryPosition: null,
  positions: [],
  photoUrl: null,
};

describe("fetchSessionUser (docs/product.md §4)", () => {
  it("is the user on 200 { user }", async () => {
    vi.stubGlobal("fetch", respond(200, { user: me }));
    await expect(fetchSessionUser()).resolves.toEqual(me);
  });

  it("is signed out on 401, on a missing profile, and on a malformed answer", async () => {
    vi.stubGlobal("fetch", respond(401, { error: { code: "unauthorized", message: "No session" } }));
    await expect(fetchSessionUser()).resolves.toBeNull();
    vi.stubGlobal("fetch", respond(404, { error: { code: "no_profile", message: "No profile" } }));
    await expect(fetchSessionUser()).resolves.toBeNull();
    vi.stubGlobal("fetch", respond(200, { user: { ...me, role: "admin" } }));
    await expect(fetchSessionUser()).resolves.toBeNull();
  });

  it("throws SessionCheckFailed on a 5xx or a network failure (the provider maps the first one to signed out)", async () => {
    vi.stubGlobal("fetch", respond(503, ""));
    await expect(fetchSessionUser()).rejects.toBeInstanceOf(SessionCheckFailed);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await expect(fetchSessionUser()).rejects.toBeInstanceOf(SessionCheckFailed);
  });
});
