import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, TestClient } from "#tests/server/support/test-client.js";
import { onlyCookie, quickSession, signedToken } from "./session-check.js";

/*
 * The quick session check (decision 0045) accepts only what Better Auth would accept, and leaves everything else to
 * Better Auth: a bad or missing cookie, a signed-out, expired or repeated session, and one due for its refresh.
 * Through the app: GET /api/me answers the same, and Better Auth's getSession is asked only in those cases.
 */

const COOKIE = "flagline.session_token";

describe.each(testEngines())("the quick session check on $engine", ({ create }) => {
  let database: TestDatabase;
  let test: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await create();
    test = createTestApp(database);
  });
  afterAll(async () => {
    await database?.cleanup();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A coach signed in just now: their session cookie, as the browser sends it. */
  async function signedIn() {
    const { client, me } = await signUpCoach(test.app, "Owls");
    const value = client.cookies.get(COOKIE)!;
    return { client, me, value, header: `${COOKIE}=${value}` };
  }

  const quick = (header: string | undefined) =>
    quickSession(database.db, test.services.auth, test.services.config.authSecret, header);
  const tokenOf = (value: string) => decodeURIComponent(value).slice(0, decodeURIComponent(value).lastIndexOf("."));
  const setExpiry = (token: string, at: Date) =>
    database.db
      .updateTable("session")
      .set({ expiresAt: database.engine === "sqlite" ? at.toISOString() : at })
      .where("token", "=", token)
      .execute();
  const expiryOf = async (token: string) => {
    const row = await database.db
      .selectFrom("session")
      .select("expiresAt")
      .where("token", "=", token)
      .executeTakeFirst();
    return row ? new Date(row.expiresAt).getTime() : null;
  };

  it("accepts a signed-in session as Better Auth does, and /api/me is answered without asking Better Auth", async () => {
    const { client, me, header } = await signedIn();
    const better = await test.services.auth.api.getSession({ headers: new Headers({ cookie: header }) });
    expect(await quick(header)).toEqual({
      sessionId: better!.session.id,
      userId: me.id,
      email: me.email,
      expiresAt: new Date(better!.session.expiresAt).getTime(),
    });
    // The cookie among others, in any order.
    expect(await quick(`theme=dark; ${header}; lang=en`)).toMatchObject({ userId: me.id });

    const getSession = vi.spyOn(test.services.auth.api, "getSession");
    const answer = await client.get("/api/me");
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(me.id);
    expect(getSession).not.toHaveBeenCalled();
  });

  it("leaves a bad, missing, repeated or foreign cookie to Better Auth, which refuses it", async () => {
    const { value } = await signedIn();
    const decoded = decodeURIComponent(value);
    const token = tokenOf(value);
    const other = await signedIn();
    const forged = [
      // The signature of another session's token.
      `${COOKIE}=${encodeURIComponent(`${token}.${decodeURIComponent(other.value).split(".").pop()!}`)}`,
      // A token changed by one character, its signature kept.
      `${COOKIE}=${encodeURIComponent(`${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}.${decoded.split(".").pop()!}`)}`,
      // No signature.
      `${COOKIE}=${token}`,
      // The right cookie under a name Better Auth does not read here.
      `__Host-${COOKIE}=${value}`,
    ];
    for (const header of forged) {
      expect(await quick(header), header).toBe("ask");
      const getSession = vi.spyOn(test.services.auth.api, "getSession");
      const answer = await new TestClient(test.app).request("GET", "/api/me", { headers: { cookie: header } });
      expect(answer.status, header).toBe(401);
      expect(getSession, header).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    }
    expect(await quick(undefined)).toBe("ask");
    expect(await quick("theme=dark")).toBe("ask");
    // Two session cookies: Better Auth reads the first; the quick check reads neither.
    expect(await quick(`${COOKIE}=${value}; ${other.header}`)).toBe("ask");
  });

  it("leaves a signed-out session to Better Auth", async () => {
    const { client, header } = await signedIn();
    expect((await client.delete("/api/session")).status).toBe(204);
    expect(await quick(header)).toBe("ask");
    const answer = await new TestClient(test.app).request("GET", "/api/me", { headers: { cookie: header } });
    expect(answer.status).toBe(401);
  });

  it("leaves an expired session to Better Auth, which refuses it and deletes it", async () => {
    const { value, header } = await signedIn();
    const token = tokenOf(value);
    await setExpiry(token, new Date(Date.now() - 60_000));
    expect(await quick(header)).toBe("ask");
    const answer = await new TestClient(test.app).request("GET", "/api/me", { headers: { cookie: header } });
    expect(answer.status).toBe(401);
    expect(await expiryOf(token)).toBeNull();
  });

  it("leaves a session due for its daily refresh to Better Auth, which moves its expiry forward", async () => {
    const { value, header, me } = await signedIn();
    const token = tokenOf(value);
    // Signed in 10 days ago: its 30 days end in 20, and Better Auth extends a session older than a day.
    const old = Date.now() + 20 * 24 * 60 * 60_000;
    await setExpiry(token, new Date(old));
    expect(await quick(header)).toBe("ask");
    const getSession = vi.spyOn(test.services.auth.api, "getSession");
    const answer = await new TestClient(test.app).request("GET", "/api/me", { headers: { cookie: header } });
    expect(answer.status).toBe(200);
    expect(answer.body.user.id).toBe(me.id);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect(await expiryOf(token)).toBeGreaterThan(old + 9 * 24 * 60 * 60_000);
    // Refreshed, it is quick again.
    expect(await quick(header)).toMatchObject({ userId: me.id });
  });
});

describe("the session cookie's parts", () => {
  it("reads exactly one cookie of the name, decoded, and nothing quoted or mis-encoded", () => {
    expect(onlyCookie("a=1; flagline.session_token=abc.def%3D; b=2", "flagline.session_token")).toBe("abc.def=");
    expect(onlyCookie("flagline.session_token=x; flagline.session_token=y", "flagline.session_token")).toBeNull();
    expect(onlyCookie('flagline.session_token="x"', "flagline.session_token")).toBeNull();
    expect(onlyCookie("flagline.session_token=%E0%A4%A", "flagline.session_token")).toBeNull();
    expect(onlyCookie("xflagline.session_token=x", "flagline.session_token")).toBeNull();
  });

  it("takes a token only with its exact signature", () => {
    const secret = "s".repeat(32);
    const token = "pdx571CnmkW3U2bqqlDcWJzUyTerF2Hj";
    const signature = createHmac("sha256", secret).update(token).digest("base64");
    expect(signedToken(`${token}.${signature}`, secret)).toBe(token);
    expect(signedToken(`${token}.${signature}`, `${secret}x`)).toBeNull();
    expect(signedToken(`${token}x.${signature}`, secret)).toBeNull();
    expect(signedToken(`${token}.${signature.slice(0, -2)}`, secret)).toBeNull();
    expect(signedToken(`.${signature}`, secret)).toBeNull();
  });
});
