// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScrollRegion } from "./scroll-region";

afterEach(cleanup);

/** jsdom lays nothing out: the box's widths and scroll position are what a 390 px phone would report. */
function layOut(box: HTMLElement, { scrollWidth, clientWidth, scrollLeft = 0 }: Record<string, number>) {
  Object.defineProperty(box, "scrollWidth", { configurable: true, value: scrollWidth });
  Object.defineProperty(box, "clientWidth", { configurable: true, value: clientWidth });
  Object.defineProperty(box, "scrollLeft", { configurable: true, writable: true, value: scrollLeft });
}

function renderTable() {
  return render(
    <ScrollRegion label="Passing table">
      <table>
        <tbody>
          <tr>
            <td>C/ATT</td>
            <td>Rating</td>
          </tr>
        </tbody>
      </table>
    </ScrollRegion>,
  );
}

describe("ScrollRegion", () => {
  it("a table wider than the phone says it scrolls sideways, and which way, as the coach scrolls", () => {
    renderTable();
    const region = screen.getByRole("region", { name: "Passing table" });
    expect(region).toHaveAttribute("tabindex", "0");
    // 448 px of table in a 358 px box.
    layOut(region, { scrollWidth: 448, clientWidth: 358 });
    act(() => void fireEvent.scroll(region));
    expect(screen.getByText("Scroll sideways for more columns →")).toBeVisible();
    expect(region).toHaveAccessibleDescription("Scroll sideways for more columns →");

    // Scrolled to the end: the hint points back.
    layOut(region, { scrollWidth: 448, clientWidth: 358, scrollLeft: 90 });
    act(() => void fireEvent.scroll(region));
    expect(screen.getByText("Scroll sideways for more columns ←")).toBeVisible();
  });

  it("a table that fits says nothing extra", () => {
    renderTable();
    const region = screen.getByRole("region", { name: "Passing table" });
    layOut(region, { scrollWidth: 600, clientWidth: 600 });
    act(() => void fireEvent.scroll(region));
    expect(screen.queryByText(/Scroll sideways/)).not.toBeInTheDocument();
    expect(region).not.toHaveAttribute("aria-describedby");
  });
});
