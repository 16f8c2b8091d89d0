import { Check } from "lucide-react";
import type { ReactNode } from "react";

/** Login and signup: the form on a card, with a short reminder of what Flagline does beside it on wide screens. */
export function AuthLayout({ aside, children }: { aside: { title: string; points: string[] }; children: ReactNode }) {
  return (
    <div className="field-lines flex-1 bg-field-50 py-10 sm:py-16">
      <div className="container-page grid items-start gap-10 lg:grid-cols-[1fr_1.1fr]">
        <aside
          aria-label="Why Flagline"
          className="surface-dark hidden rounded-2xl bg-field-900 p-8 text-white lg:block"
        >
          <p className="text-2xl font-extrabold tracking-tight">{aside.title}</p>
          <ul className="mt-6 space-y-4">
            {aside.points.map((point) => (
              <li key={point} className="flex gap-3 text-field-100">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-300" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </aside>
        <div className="card mx-auto w-full max-w-xl sm:p-8 lg:order-first lg:mx-0">{children}</div>
      </div>
    </div>
  );
}
