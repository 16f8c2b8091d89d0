// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs } from "~/ui/tabs";
// The web tests' setup: jest-dom's matchers and a clean document after each test.
import "#tests/web/render.tsx";

/* The tabs of the logger and the playbook: WAI-ARIA's tabs pattern, automatic activation. */

function Example({ initial = "log" }: { initial?: string }) {
  const [tab, setTab] = useState(initial);
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List aria-label="Logger">
        <Tabs.Trigger value="log">Log</Tabs.Trigger>
        <Tabs.Trigger value="attendance">Attendance</Tabs.Trigger>
        <Tabs.Trigger value="notes">Notes</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="log">The pad</Tabs.Content>
      <Tabs.Content value="attendance">Who came</Tabs.Content>
      <Tabs.Content value="notes">Notes panel</Tabs.Content>
    </Tabs.Root>
  );
}

describe("tabs", () => {
  it("shows the selected tab's panel only, labelled by its tab", () => {
    render(<Example />);
    expect(screen.getByRole("tablist", { name: "Logger" })).toBeInTheDocument();
    const log = screen.getByRole("tab", { name: "Log" });
    expect(log).toHaveAttribute("aria-selected", "true");
    expect(log).toHaveAttribute("data-state", "active");
    expect(screen.getByRole("tab", { name: "Attendance" })).toHaveAttribute("aria-selected", "false");
    const panel = screen.getByRole("tabpanel", { name: "Log" });
    expect(panel).toHaveTextContent("The pad");
    expect(log).toHaveAttribute("aria-controls", panel.id);
    expect(screen.queryByText("Who came")).not.toBeInTheDocument();
  });

  it("a click selects a tab and shows its panel", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole("tab", { name: "Attendance" }));
    expect(screen.getByRole("tab", { name: "Attendance" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Attendance" })).toHaveTextContent("Who came");
    expect(screen.queryByText("The pad")).not.toBeInTheDocument();
  });

  it("takes one tab stop; the arrow keys, Home and End move between tabs and select them", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.tab();
    expect(screen.getByRole("tab", { name: "Log" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Attendance" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Who came");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Notes" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Log" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Notes panel");
    await user.keyboard("{Home}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("The pad");
    // Tab leaves the tablist for the panel: the other tabs are not tab stops.
    await user.tab();
    expect(screen.getByRole("tabpanel")).toHaveFocus();
  });
});
