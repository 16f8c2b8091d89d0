import { BarChart3, BookOpen } from "lucide-react";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, NoTeamPanel } from "~/ui/app-page";
import { Tabs } from "~/ui/tabs";
import { readFilters, readTab, writeFilters, type AnalysisFilters, type PlaybookTab } from "./analysis-filters";
import { AnalysisTab } from "./analysis-tab";
import { PlaysTab } from "./plays-tab";

const TRIGGER =
  "inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-bold text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-950 data-[state=active]:shadow-sm";

/**
 * /coach/playbook-analysis: which plays work. "Analysis" compares the plays by what their tagged events
 * produced; "Plays" is the playbook itself. The tab and the analysis filters live in the address, so a reload or
 * Back keeps them.
 */
export function PlaybookPage() {
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const filters = readFilters(params);
  const go = (nextTab: PlaybookTab, nextFilters: AnalysisFilters) =>
    setParams(writeFilters(nextTab, nextFilters), { replace: true, preventScrollReset: true });

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name}
        title="Playbook Analysis"
        lead="Which plays work: times run, completions, yards, touchdowns and points from every event tagged with a play."
      />

      {!me.team ? (
        <NoTeamPanel />
      ) : (
        <Tabs.Root value={tab} onValueChange={(value) => go(value === "plays" ? "plays" : "analysis", filters)}>
          <Tabs.List aria-label="Playbook" className="inline-flex rounded-xl bg-stone-200/70 p-1">
            <Tabs.Trigger value="analysis" className={TRIGGER}>
              <BarChart3 aria-hidden="true" className="size-4" />
              Analysis
            </Tabs.Trigger>
            <Tabs.Trigger value="plays" className={TRIGGER}>
              <BookOpen aria-hidden="true" className="size-4" />
              Plays
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="analysis" className="mt-6 focus-visible:outline-offset-4">
            <AnalysisTab
              filters={filters}
              onFiltersChange={(next) => go("analysis", next)}
              onOpenPlays={() => go("plays", filters)}
            />
          </Tabs.Content>
          <Tabs.Content value="plays" className="mt-6 focus-visible:outline-offset-4">
            <PlaysTab />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
