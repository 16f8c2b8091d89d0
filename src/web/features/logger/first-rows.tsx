import { startTransition, useEffect, useState } from "react";
import { afterPaint } from "~/lib/after-paint";
import { plural } from "~/ui/format";

/**
 * How many of a list's newest rows the logger draws at first. A long game's play-by-play (a hundred snaps and
 * more) drawn whole made the screen's first render a long task on a phone; the older rows are one tap away.
 */
export const FIRST_ROWS = 20;

/**
 * The rows to draw from `newestFirst`: the newest `limit`, and any older row that `keep` says needs the coach
 * (one the server refused: it can only be discarded from its row), in their order. All of them once `all`.
 */
function firstRows<T>(newestFirst: readonly T[], all: boolean, keep: (row: T) => boolean, limit = FIRST_ROWS): T[] {
  if (all || newestFirst.length <= limit) return [...newestFirst];
  return newestFirst.filter((row, i) => i < limit || keep(row));
}

/**
 * How many rows a list draws in a phone's first frame. There the logger's play-by-play starts behind the pad (fixed
 * to the bottom below Tailwind's sm breakpoint), below the fold, yet its twenty rows were more than half the page's
 * elements: the first frame's style, layout and paint was one of the two long tasks left on a slow phone's first
 * load (issue #35). The rest of the first rows follow in a background render once that frame is on the screen;
 * nothing above them moves. A wider screen, where the list may be in view, draws them all at once.
 */
export const FIRST_FRAME_ROWS = 3;

const PHONE = "(max-width: 639.98px)";

/** The list's row limit: on a phone FIRST_FRAME_ROWS in its first frame, FIRST_ROWS from the frame after. */
function useRowLimit(): number {
  const [limit, setLimit] = useState(() =>
    typeof matchMedia === "function" && matchMedia(PHONE).matches ? FIRST_FRAME_ROWS : FIRST_ROWS,
  );
  useEffect(() => {
    if (limit === FIRST_ROWS) return;
    return afterPaint(() => startTransition(() => setLimit(FIRST_ROWS)));
  }, [limit]);
  return limit;
}

/**
 * A list's rows to draw from `newestFirst` (firstRows, at the row limit of the frame), how many earlier ones the
 * "Show earlier" button offers (none until the first rows are all drawn: the count would change a frame later), and
 * the button's action, which draws them all.
 */
export function useFirstRows<T>(
  newestFirst: readonly T[],
  keep: (row: T) => boolean,
): { drawn: T[]; earlier: number; showAll: () => void } {
  const [all, setAll] = useState(false);
  const limit = useRowLimit();
  const drawn = firstRows(newestFirst, all, keep, limit);
  return {
    drawn,
    earlier: limit === FIRST_ROWS ? newestFirst.length - drawn.length : 0,
    showAll: () => setAll(true),
  };
}

/** "Show 84 earlier snaps": draws the rest of the list. Nothing when every row is drawn. */
export function ShowEarlier({ hidden, noun, onShow }: { hidden: number; noun: string; onShow: () => void }) {
  if (hidden <= 0) return null;
  return (
    <button
      type="button"
      onClick={onShow}
      className="min-h-11 w-full rounded-2xl border border-stone-300 bg-white px-4 py-2 text-sm font-bold text-stone-800 hover:bg-stone-100"
    >
      Show {plural(hidden, `earlier ${noun}`)}
    </button>
  );
}
