import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The dark green band at the top of each public page, holding its one h1. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="surface-dark field-lines relative overflow-hidden bg-field-900 text-white">
      <div className="container-page relative py-14 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-field-100">{lead}</p>
        {children}
      </div>
    </section>
  );
}

export function Section({
  id,
  className,
  children,
  labelledBy,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={clsx("py-14 sm:py-20", className)}>
      <div className="container-page">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
}) {
  return (
    <div className="max-w-2xl">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-stone-900 text-balance sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-stone-700">{lead}</p> : null}
    </div>
  );
}

export function FeatureCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="card flex flex-col">
      <span
        className="inline-flex size-11 items-center justify-center rounded-xl bg-field-100 text-field-700"
        aria-hidden="true"
      >
        {icon}
      </span>
      <h3 className="mt-4 text-lg font-bold text-stone-900">{title}</h3>
      <div className="mt-2 leading-relaxed text-stone-700">{children}</div>
    </li>
  );
}

/** The closing call to action of a public page. */
export function CtaBand({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <section aria-labelledby="cta-title" className="surface-dark bg-field-800 text-white">
      <div className="container-page flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-3xl font-extrabold tracking-tight">
            {title}
          </h2>
          <p className="mt-3 text-lg text-field-100">{lead}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/signup" className="btn btn-primary px-6 py-3 text-base">
            Sign up
          </Link>
          <Link to="/login" className="btn btn-ghost-light px-6 py-3 text-base">
            Log in
          </Link>
        </div>
      </div>
    </section>
  );
}
