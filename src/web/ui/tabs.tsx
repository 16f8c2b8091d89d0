import { createContext, use, useId, type KeyboardEvent, type ReactNode } from "react";

/*
 * Tabs as WAI-ARIA's tabs pattern describes them (automatic activation): a tablist whose tabs take one tab stop,
 * the arrow keys (and Home, End) moving between them and selecting the one reached, and the selected tab's panel.
 * The same parts and data-state attribute as Radix's Tabs, which the logger and the playbook used before, without
 * its Presence: that reads each panel's computed animation on mount, which made the browser recalculate the whole
 * page's style in the middle of the logger's first render (46 ms of a 4x-slowed phone's main thread; issue #35,
 * docs/lighthouse.md). A panel here is simply rendered when its tab is selected.
 */

interface TabsState {
  value: string;
  select(value: string): void;
  idOf(part: "tab" | "panel", value: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error("Tabs parts must be inside <Root>");
  return state;
}

function Root({
  value,
  onValueChange,
  children,
}: {
  value: string;
  onValueChange(value: string): void;
  children: ReactNode;
}) {
  const base = useId();
  const state: TabsState = {
    value,
    select: (next) => {
      if (next !== value) onValueChange(next);
    },
    idOf: (part, v) => `${base}-${part}-${v}`,
  };
  return <TabsContext value={state}>{children}</TabsContext>;
}

function List({
  children,
  className,
  "aria-label": label,
}: {
  children: ReactNode;
  className?: string;
  "aria-label": string;
}) {
  const { select } = useTabs();
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const to =
      event.key === "ArrowRight"
        ? (at + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    tabs[to]!.focus();
    select(tabs[to]!.dataset.value!);
  }
  return (
    <div role="tablist" aria-label={label} aria-orientation="horizontal" className={className} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

function Trigger({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf("tab", value)}
      aria-selected={selected}
      // Only the selected tab's panel is in the page.
      aria-controls={selected ? tabs.idOf("panel", value) : undefined}
      data-state={selected ? "active" : "inactive"}
      data-value={value}
      tabIndex={selected ? 0 : -1}
      className={className}
      onClick={() => tabs.select(value)}
    >
      {children}
    </button>
  );
}

function Content({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf("panel", value)}
      aria-labelledby={tabs.idOf("tab", value)}
      data-state="active"
      tabIndex={0}
      className={className}
    >
      {children}
    </div>
  );
}

export const Tabs = { Root, List, Trigger, Content };
