import { clsx } from "clsx";
import { useId, type ReactNode } from "react";

/** The heading block of a signed-in page: its one h1, a short line about it, and optional actions. */
export function AppPageHeader({
  eyebrow,
  title,
  lead,
  actions,
}: {
  eyebrow?: ReactNode;
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 border-b border-stone-200 pb-6 sm:flex-row sm:items-end sm:justify-between">
      <div>
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-2 max-w-2xl text-stone-700">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}

/** A titled card section of a signed-in page. */
export function Panel({
  title,
  icon,
  className,
  children,
}: {
  title: string;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={clsx("card", className)} aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-stone-900">
        {icon ? (
          <span aria-hidden="true" className="text-field-700">
            {icon}
          </span>
        ) : null}
        {title}
      </h2>
      <div className="mt-3 text-stone-700">{children}</div>
    </section>
  );
}

/** A big number with its label; null shows a dash (read out as "No data yet") until the value exists. */
export function Stat({ label, value, note }: { label: string; value: ReactNode | null; note?: ReactNode }) {
  return (
    <div className="card">
      <p className="text-sm font-semibold text-stone-600">{label}</p>
      <p className="mt-2 text-3xl font-extrabold tracking-tight text-field-800 tabular-nums">
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No data yet</span>
          </>
        )}
      </p>
      {note ? <p className="mt-1 text-sm text-stone-600">{note}</p> : null}
    </div>
  );
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** A coach page for an account not linked to a team yet (docs/product.md §2): says so and where the invite code comes from. */
export function NoTeamPanel() {
  return (
    <Panel title="No team yet">
      <p>Your account is not linked to a team. Ask your head coach for the coach invite code.</p>
    </Panel>
  );
}

/** The card a form sits in: its heading (with an icon, if any), a line of lead text, then the form. */
export function FormCard({
  title,
  icon,
  lead,
  children,
}: {
  title: string;
  icon?: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className={clsx(icon ? "flex items-center gap-2" : null, "text-lg font-bold text-stone-900")}>
        {icon}
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-stone-700">{lead}</p> : null}
      {children}
    </section>
  );
}
