import { describe, expect, it } from "vitest";
import { mainThreadLoad, type TraceEvent } from "./trace-main-thread";

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  ph: "M",
  name: "thread_name",
  pid,
  tid,
  args: { name },
});
const process = (pid: number, name: string): TraceEvent => ({ ph: "M", name: "process_name", pid, args: { name } });
/** A top-level task at `at` ms that took `wall` ms, `cpu` of them on a CPU. */
const task = (pid: number, at: number, wall: number, cpu: number): TraceEvent => ({
  ph: "X",
  name: "RunTask",
  pid,
  tid: 1,
  ts: at * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
});

describe("mainThreadLoad", () => {
  it("sums the page's main-thread tasks from its navigation, by wall time and by CPU time", () => {
    const events: TraceEvent[] = [
      process(10, "Renderer"),
      thread(10, 1, "CrRendererMain"),
      process(20, "WebUI Top Renderer"), // the omnibox popup's renderer, busier than the page here
      thread(20, 1, "CrRendererMain"),
      task(20, 120, 900, 900),
      process(30, "Browser"),
      thread(30, 1, "CrBrowserMain"),
      task(10, 0, 40, 40), // before the navigation: the last page's
      { ph: "I", name: "navigationStart", pid: 10, tid: 1, ts: 100_000 },
      task(10, 110, 30, 10), // waited 20 ms for a CPU: 120 − 50 from wall, none from CPU
      task(10, 200, 20, 20), // 80 − 50 both ways
      task(10, 300, 5, 5),
      task(30, 120, 90, 90),
      task(30, 130, 90, 90),
      task(30, 140, 90, 90),
      task(30, 150, 90, 90),
    ];
    expect(mainThreadLoad(events)).toEqual({
      tasks: 3,
      wallMs: 55,
      cpuMs: 35,
      blockingFromWallMs: 70 + 30,
      blockingFromCpuMs: 30,
    });
  });

  it("uses the slowdown it is given", () => {
    const events = [process(1, "Renderer"), thread(1, 1, "CrRendererMain"), task(1, 0, 30, 20)];
    expect(mainThreadLoad(events, 1)).toMatchObject({ blockingFromWallMs: 0, blockingFromCpuMs: 0 });
    expect(mainThreadLoad(events, 4)).toMatchObject({ blockingFromWallMs: 70, blockingFromCpuMs: 30 });
  });

  it("is null for a trace without a page's main thread", () => {
    expect(mainThreadLoad([process(1, "Renderer"), thread(1, 1, "CrBrowserMain"), task(1, 0, 30, 30)])).toBeNull();
    expect(
      mainThreadLoad([process(1, "WebUI Top Renderer"), thread(1, 1, "CrRendererMain"), task(1, 0, 30, 30)]),
    ).toBeNull();
  });
});
