import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { ChevronDown, Search, SlidersHorizontal, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router";
import { controlProps, FormField, SelectField } from "~/ui/form-field";
import { useSession } from "~/lib/session-context";
import { AttendanceValue, attendanceOf } from "~/ui/attendance";
import { formatJersey, formatScore } from "~/ui/format";
import { PlayerAvatar } from "~/ui/position-badge";
import { positionColor } from "~/ui/position-colors";
import { EmptyState, QueryState } from "~/ui/query-state";
import type { PlayerSummaryDto } from "#domain/api/team";
import {
  DEFAULT_CRITERIA,
  isCriteriaActive,
  ORDER_OPTIONS,
  searchPlayers,
  SORT_OPTIONS,
  type PlayerSearchCriteria,
  type SortKey,
  type SortOrder,
} from "#domain/player-search";
import { isPositionKey, POSITIONS, positionName } from "#domain/positions";
import { teamPlayersQuery } from "~/lib/queries";

/** docs/product.md §2: a chosen player opens with the leaderboard as the way back. */
export const SEARCH_RETURN_TO = "/coach/leaderboard";

const OFFENSE = POSITIONS.filter((p) => p.group === "offense");
const DEFENSE = POSITIONS.filter((p) => p.group === "defense");

const isSortKey = (value: string): value is SortKey => SORT_OPTIONS.some((o) => o.value === value);
const isSortOrder = (value: string): value is SortOrder => ORDER_OPTIONS.some((o) => o.value === value);

/**
 * The coach player search (docs/product.md §2, §4, §5, §8): a name search, a collapsible Filters section (position, sort,
 * order), one row per player, and the loading, error and empty states. Players load when it opens; the list
 * shares the roster's cache entry.
 */
export default function PlayerSearchDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened the dialog; focus goes back to it on close. */
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const { user } = useSession();
  const hasTeam = Boolean(user?.team);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const leavingForPlayer = useRef(false);
  const [criteria, setCriteria] = useState<PlayerSearchCriteria>(DEFAULT_CRITERIA);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const query = useQuery({ ...teamPlayersQuery(), enabled: open && hasTeam });
  const all = query.data?.players;
  const shown = useMemo(() => (all ? searchPlayers(all, criteria) : []), [all, criteria]);
  const active = isCriteriaActive(criteria);
  const update = (patch: Partial<PlayerSearchCriteria>) => setCriteria((c) => ({ ...c, ...patch }));

  const choose = (player: PlayerSummaryDto) => {
    const to = `/coach/player-detail/${encodeURIComponent(player.id)}`;
    // A new page takes focus itself (PageTransition moves it to <main>); reopening the same page does not.
    leavingForPlayer.current = to !== pathname;
    onOpenChange(false);
    void navigate(to, { state: { player, returnTo: SEARCH_RETURN_TO } });
  };

  const sortLabel = SORT_OPTIONS.find((o) => o.value === criteria.sortBy)?.label;
  const orderLabel = ORDER_OPTIONS.find((o) => o.value === criteria.order)?.label;
  const positionLabel = criteria.position === "all" ? "All positions" : positionName(criteria.position);

  let body: ReactNode;
  if (!hasTeam) {
    body = <NoPlayers active={active} />;
  } else {
    body = (
      <QueryState
        query={query}
        loading="Loading players..."
        errorTitle="Error loading players"
        errorMessage="Failed to load players. Please try again."
        apiMessage={false}
        headingLevel={3}
        errorClassName="m-4"
      >
        {() =>
          shown.length === 0 ? (
            <NoPlayers active={active} />
          ) : (
            <ul aria-label="Players" className="divide-y divide-stone-100">
              {shown.map((player) => (
                <li key={player.id}>
                  <PlayerRow player={player} onChoose={choose} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-stone-950/50 motion-reduce:animate-none" />
        <Dialog.Content
          aria-describedby={`${ids}-description`}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (leavingForPlayer.current) {
              leavingForPlayer.current = false;
              return;
            }
            const target = returnFocus.current;
            if (target?.isConnected) target.focus();
          }}
          className={clsx(
            "fixed inset-x-0 top-0 z-50 mx-auto flex h-dvh w-full max-w-2xl flex-col bg-white shadow-2xl focus:outline-none",
            "sm:top-[6vh] sm:h-auto sm:max-h-[88vh] sm:w-[calc(100%-2rem)] sm:rounded-2xl",
          )}
        >
          <div className="border-b border-stone-200 px-4 pt-4 pb-3 sm:px-5">
            <div className="flex items-start justify-between gap-3">
              <div>
                <Dialog.Title className="text-xl font-bold text-stone-900">Player search</Dialog.Title>
                <Dialog.Description id={`${ids}-description`} className="text-sm text-stone-700">
                  Find a player by name, or filter by position and change the order.
                </Dialog.Description>
              </div>
              <Dialog.Close className="-mt-1 -mr-1 rounded-lg p-2 text-stone-700 hover:bg-stone-100" aria-label="Close">
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>

            <FormField label="Search players" className="relative mt-3" labelClassName="sr-only">
              {(field) => (
                <>
                  <Search
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-500"
                  />
                  <input
                    {...controlProps(field)}
                    ref={inputRef}
                    type="text"
                    enterKeyHint="search"
                    className="input pl-10"
                    placeholder="Search players by name"
                    autoComplete="off"
                    spellCheck={false}
                    value={criteria.query}
                    onChange={(event) => update({ query: event.target.value })}
                  />
                </>
              )}
            </FormField>

            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
              <button
                type="button"
                aria-expanded={filtersOpen}
                aria-controls={`${ids}-filters`}
                onClick={() => setFiltersOpen((o) => !o)}
                className="inline-flex items-center gap-1.5 rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-900 hover:bg-stone-100"
              >
                <SlidersHorizontal aria-hidden="true" className="size-4" />
                Filters
                <ChevronDown
                  aria-hidden="true"
                  className={clsx(
                    "size-4 transition-transform motion-reduce:transition-none",
                    filtersOpen && "rotate-180",
                  )}
                />
              </button>
              {!filtersOpen ? (
                <p className="text-sm text-stone-700">
                  {positionLabel} · {sortLabel}, {orderLabel}
                </p>
              ) : null}
            </div>

            <div id={`${ids}-filters`} hidden={!filtersOpen} className="mt-3">
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectField
                  label="Position"
                  className="input py-2"
                  value={criteria.position}
                  onChange={(event) => {
                    const value = event.target.value;
                    update({ position: isPositionKey(value) ? value : "all" });
                  }}
                >
                  <option value="all">All positions</option>
                  <optgroup label="Offense">
                    {OFFENSE.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.name}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label="Defense">
                    {DEFENSE.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.name}
                      </option>
                    ))}
                  </optgroup>
                </SelectField>
                <SelectField
                  label="Sort By"
                  className="input py-2"
                  value={criteria.sortBy}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (isSortKey(value)) update({ sortBy: value });
                  }}
                >
                  {SORT_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Order"
                  className="input py-2"
                  value={criteria.order}
                  onChange={(event) => {
                    const value = event.target.value;
                    if (isSortOrder(value)) update({ order: value });
                  }}
                >
                  {ORDER_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </SelectField>
              </div>
            </div>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto sm:min-h-48">{body}</div>

          <div className="border-t border-stone-200 px-4 py-3 text-sm text-stone-700 sm:px-5">
            <p role="status">{all ? footerText(shown.length, all.length) : ""}</p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** docs/product.md §2 footer: how many of the team's players are shown. */
export function footerText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? "player" : "players"}`;
}

function NoPlayers({ active }: { active: boolean }) {
  return (
    <EmptyState title="No players found" className="m-4">
      {active ? "Try adjusting your search or filters." : "No players have been added to the team yet."}
    </EmptyState>
  );
}

function PlayerRow({ player, onChoose }: { player: PlayerSummaryDto; onChoose: (player: PlayerSummaryDto) => void }) {
  const colour = positionColor(player.position);
  return (
    <button
      type="button"
      onClick={() => onChoose(player)}
      className="flex w-full flex-col gap-2 border-l-4 px-4 py-3 text-left hover:bg-stone-50 focus-visible:bg-stone-50 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
      style={{ borderLeftColor: colour }}
    >
      <span className="flex min-w-0 flex-1 items-center gap-3">
        <PlayerAvatar position={player.position} photoUrl={player.photoUrl} />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-stone-900">{player.name}</span>
          <span className="block text-sm text-stone-700">
            <span className="tabular-nums">{formatJersey(player.jerseyNumber)}</span>
            <span aria-hidden="true"> · </span>
            <span className="font-semibold" style={{ color: colour }}>
              {positionName(player.position)}
            </span>
          </span>
        </span>
      </span>
      <span className="grid grid-cols-4 gap-2 pl-13 text-center sm:w-72 sm:shrink-0 sm:pl-0">
        <RowStat label="Rank" value={String(player.teamRanking)} />
        <RowStat label="Attendance" value={<AttendanceValue percent={attendanceOf(player)} />} />
        <RowStat label="Score" value={formatScore(player.performanceScore)} />
        <RowStat label="Events" value={String(player.eventCount)} />
      </span>
    </button>
  );
}

function RowStat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <span className="block">
      <span className="block text-xs text-stone-600">{label}</span>
      <span className="block font-bold text-stone-900 tabular-nums">{value}</span>
    </span>
  );
}
