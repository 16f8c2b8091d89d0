import { useId, type ReactNode } from "react";

export interface ChartTableColumn {
  label: string;
  numeric?: boolean;
}

/**
 * A titled chart with its numbers beside it. The drawing itself is hidden from assistive technology (a chart
 * read point by point is noise); the same data is in the table under "Show the numbers", for everyone.
 */
export function ChartFrame({
  title,
  description,
  empty,
  columns,
  rows,
  children,
  height = 256,
  headingLevel = 3,
}: {
  title: string;
  description?: ReactNode;
  /** Shown instead of the chart when there is nothing to draw: what will appear here, and when. */
  empty?: ReactNode;
  columns: readonly ChartTableColumn[];
  rows: readonly (readonly ReactNode[])[];
  children: ReactNode;
  height?: number;
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <figure className="card flex min-w-0 flex-col" aria-labelledby={`${id}-title`}>
      <figcaption>
        <Heading id={`${id}-title`} className="text-lg font-bold text-stone-900">
          {title}
        </Heading>
        {description ? <p className="mt-1 text-sm text-stone-700">{description}</p> : null}
      </figcaption>
      {rows.length === 0 && empty ? (
        <div className="mt-4 flex flex-1 items-center justify-center rounded-xl border border-dashed border-stone-300 px-4 py-8 text-center text-sm text-stone-700">
          {empty}
        </div>
      ) : (
        <>
          <div aria-hidden="true" className="mt-4 w-full min-w-0" style={{ height }}>
            {children}
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-field-800">Show the numbers</summary>
            <div
              role="region"
              aria-label={`${title}: the numbers`}
              tabIndex={0}
              className="relative mt-2 max-h-72 overflow-auto"
            >
              <table className="w-full text-left">
                <thead className="sticky top-0 bg-white">
                  <tr className="border-b border-stone-200">
                    {columns.map((c) => (
                      <th key={c.label} scope="col" className={c.numeric ? "px-2 py-1 text-right" : "px-2 py-1"}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i} className="border-b border-stone-100">
                      {row.map((cell, j) => (
                        <td key={j} className={columns[j]?.numeric ? "px-2 py-1 text-right tabular-nums" : "px-2 py-1"}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

/** Colours the coach charts draw with; each reads at 3:1 or better on white (WCAG non-text contrast). */
export const CHART_COLORS = {
  primary: "#197a47",
  secondary: "#c2410c",
  tertiary: "#1d4ed8",
  muted: "#57534e",
  grid: "#e7e5e4",
  axis: "#44403c",
} as const;
