import { describe, expect, it } from "vitest";
import { changeNow, createMemoryHub } from "../realtime/hub.js";
import { createKnownReferences, type TeamRef } from "./references.js";

/*
 * What a server takes as still its teams' players, sessions and plays between two snaps (http/references.ts): only
 * what a lookup found, forgotten on the team's roster, session or playbook change, after a minute, and never kept
 * from a lookup that a change overtook.
 */
describe("known references", () => {
  const player = (id: string): TeamRef => ({ field: `detail.${id}`, kind: "player", id });
  const session = (id: string): TeamRef => ({ field: "sessionId", kind: "session", id });

  it("keeps what a lookup found, per team, and asks again about everything else", () => {
    const known = createKnownReferences(createMemoryHub());
    const refs = [session("g1"), player("p1"), player("p2")];
    expect(known.unknown("A", refs)).toEqual(refs);
    known.add("A", [session("g1"), player("p1")], known.epoch());
    expect(known.unknown("A", refs)).toEqual([player("p2")]);
    // Another team's ids, and the same id as another kind, are not known.
    expect(known.unknown("B", refs)).toEqual(refs);
    expect(known.unknown("A", [{ field: "playId", kind: "play", id: "g1" }])).toHaveLength(1);
  });

  it("forgets a team's on its roster, session or playbook change, and every team's on the hub's reset", () => {
    const hub = createMemoryHub();
    const known = createKnownReferences(hub);
    const refs = [session("g1"), player("p1")];
    const learn = (team: string) => known.add(team, refs, known.epoch());
    learn("A");
    learn("B");
    // A snap's own change ("events") changes nothing the check looks at.
    hub.publish("A", changeNow("events", "g1"));
    expect(known.unknown("A", refs)).toEqual([]);
    for (const kind of ["roster", "sessions", "plays"] as const) {
      learn("A");
      hub.publish("A", changeNow(kind));
      expect(known.unknown("A", refs), kind).toEqual(refs);
      expect(known.unknown("B", refs), kind).toEqual([]);
    }
    learn("A");
    hub.reset();
    expect(known.unknown("A", refs)).toEqual(refs);
    expect(known.unknown("B", refs)).toEqual(refs);
  });

  it("does not keep a lookup's answer when a change came while it was being read", () => {
    const hub = createMemoryHub();
    const known = createKnownReferences(hub);
    const since = known.epoch();
    // The player is removed (and the change heard) while the lookup that found them is still reading.
    hub.publish("A", changeNow("roster"));
    known.add("A", [player("p1")], since);
    expect(known.unknown("A", [player("p1")])).toHaveLength(1);
  });

  it("asks again a minute after the team's first id was found", () => {
    let now = 1_000_000;
    const known = createKnownReferences(createMemoryHub(), () => now);
    known.add("A", [player("p1")], known.epoch());
    now += 59_000;
    known.add("A", [player("p2")], known.epoch());
    expect(known.unknown("A", [player("p1"), player("p2")])).toEqual([]);
    now += 1_000;
    expect(known.unknown("A", [player("p1"), player("p2")])).toHaveLength(2);
  });
});
