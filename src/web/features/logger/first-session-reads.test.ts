import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { firstSessionReads, gameSheetQuery, sessionDetailQuery, sessionsQuery } from "./queries";
import { localDay } from "./view-model";

/* The logger's first load asks its session's reads with the first ones (lib/first-reads.ts), picked as the page does. */

function clientWith(sessions: Array<{ id: string; date: string }> | undefined) {
  const client = new QueryClient();
  if (sessions) client.setQueryData(sessionsQuery().queryKey, { sessions } as never);
  return client;
}

const keysOf = (reads: ReadonlyArray<{ queryKey: readonly unknown[] }>) => reads.map((r) => r.queryKey);

describe("the logger's first session reads", () => {
  const today = localDay();
  const sessions = [
    { id: "old", date: "2020-01-01" },
    { id: "today", date: today },
  ];

  it("are today's session's detail and game sheet", () => {
    expect(keysOf(firstSessionReads(null)(clientWith(sessions)))).toEqual([
      sessionDetailQuery("today").queryKey,
      gameSheetQuery("today").queryKey,
    ]);
  });

  it("follow the address's ?session= when it names a listed session", () => {
    expect(keysOf(firstSessionReads("old")(clientWith(sessions)))).toEqual([
      sessionDetailQuery("old").queryKey,
      gameSheetQuery("old").queryKey,
    ]);
  });

  it("are none without the sessions list or a session to open", () => {
    expect(firstSessionReads(null)(clientWith(undefined))).toEqual([]);
    expect(firstSessionReads(null)(clientWith([{ id: "old", date: "2020-01-01" }]))).toEqual([]);
  });
});
