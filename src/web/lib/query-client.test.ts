import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { coachUser } from "#tests/web/api-fixtures.js";
import { ApiError } from "./api";
import { createQueryClient } from "./query-client";
import { SESSION_QUERY_KEY } from "./query-keys";

const FORBIDDEN = () => new ApiError(403, { code: "forbidden", message: "You do not have access to this." });
const ON_TEAM = coachUser({ coachRole: "assistant" });
const OFF_TEAM = coachUser({ coachRole: "assistant", team: null, formerTeam: null });

/** A read whose answers the test hands out one at a time, in order. */
function scriptedRead(answers: (() => Promise<string>)[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    fn: () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return answer();
    },
  };
}

describe("the query client's 403 handling", () => {
  it("a 403 to a read sent before a rejoin is asked again, not shown (issue #27.10)", async () => {
    const client = createQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, OFF_TEAM);
    let answerFirst!: (error: Error) => void;
    const read = scriptedRead([
      () => new Promise<string>((_, reject) => (answerFirst = reject)),
      () => Promise.resolve("the team's dashboard"),
    ]);
    const observer = new QueryObserver(client, { queryKey: ["team", "dashboard"], queryFn: read.fn });
    const seen: string[] = [];
    const unsubscribe = observer.subscribe((r) => {
      if (r.data) seen.push(r.data);
    });
    expect(read.calls).toBe(1);
    // The code was accepted: the page stored the user it answered with, then the old request came back 403.
    await new Promise((r) => setTimeout(r, 2));
    client.setQueryData(SESSION_QUERY_KEY, ON_TEAM);
    answerFirst(FORBIDDEN());
    await expect.poll(() => seen).toEqual(["the team's dashboard"]);
    expect(read.calls).toBe(2);
    expect(observer.getCurrentResult().error).toBeNull();
    unsubscribe();
  });

  it("a 403 to a read sent after the session is shown, asked once, and re-checks the session", async () => {
    const client = createQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, ON_TEAM);
    let sessionChecks = 0;
    client.setQueryDefaults(SESSION_QUERY_KEY, {
      queryFn: () => {
        sessionChecks += 1;
        return Promise.resolve(ON_TEAM);
      },
    });
    await new Promise((r) => setTimeout(r, 2));
    const read = scriptedRead([() => Promise.reject(FORBIDDEN())]);
    const observer = new QueryObserver(client, { queryKey: ["team", "settings"], queryFn: read.fn });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().status).toBe("error");
    expect(read.calls).toBe(1);
    expect(sessionChecks).toBe(0); // no observer of the session here: it is marked stale, read by the next screen
    expect(client.getQueryState(SESSION_QUERY_KEY)?.isInvalidated).toBe(true);
    unsubscribe();
  });
});
