// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { useRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
// The web tests' setup: jest-dom's matchers and a clean document after each test.
import "#tests/web/render.tsx";
import { usePadClearance } from "./pad-clearance";

/* What keeps a focused tile or row above the logger's pad (and why it is not an inherited custom property). */

let resized: () => void = () => {};
class FakeResizeObserver {
  constructor(callback: () => void) {
    resized = callback;
  }
  observe() {}
  disconnect() {}
}

function Logger({ withHost }: { withHost: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const pad = useRef<HTMLDivElement>(null);
  usePadClearance(pad, withHost ? host : undefined);
  return (
    <div ref={host} data-testid="host">
      <button type="button">A tile</button>
      <div ref={pad} data-testid="pad" />
    </div>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the pad's clearance", () => {
  it("gives the page's scroller a bottom scroll padding of the pad's height, and takes it back on leaving", () => {
    vi.stubGlobal("ResizeObserver", FakeResizeObserver);
    const page = render(<Logger withHost />);
    const pad = page.getByTestId("pad");
    Object.defineProperty(pad, "offsetHeight", { configurable: true, value: 180 });
    resized();
    expect(document.documentElement.style.scrollPaddingBottom).toBe("calc(180px + 0.5rem)");
    // The host's own padding reads it on a phone; nothing inside the host does.
    expect(page.getByTestId("host").style.getPropertyValue("--snap-pad")).toBe("180px");
    expect(page.getByRole("button").style.length).toBe(0);

    Object.defineProperty(pad, "offsetHeight", { configurable: true, value: 220 });
    resized();
    expect(document.documentElement.style.scrollPaddingBottom).toBe("calc(220px + 0.5rem)");

    page.unmount();
    expect(document.documentElement.style.scrollPaddingBottom).toBe("");
  });

  it("writes nothing when the pad's height did not change", () => {
    vi.stubGlobal("ResizeObserver", FakeResizeObserver);
    const page = render(<Logger withHost={false} />);
    Object.defineProperty(page.getByTestId("pad"), "offsetHeight", { configurable: true, value: 120 });
    resized();
    const set = vi.spyOn(document.documentElement.style, "setProperty");
    document.documentElement.style.scrollPaddingBottom = "1px";
    resized();
    expect(document.documentElement.style.scrollPaddingBottom).toBe("1px");
    expect(set).not.toHaveBeenCalled();
  });
});
