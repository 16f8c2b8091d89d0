import { clsx } from "clsx";

interface SpinnerProps {
  /** The accessible name of the status; also announced to screen readers. */
  label?: string;
  className?: string;
}

/** A spinning ring in a role="status" region. The ring stops spinning under prefers-reduced-motion. */
export function Spinner({ label = "Loading", className }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={clsx("inline-flex items-center justify-center", className)}>
      <span
        aria-hidden="true"
        className="block size-8 animate-spin rounded-full border-4 border-field-200 border-t-field-700 motion-reduce:animate-none motion-reduce:border-t-field-500"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Fills the viewport: shown while the app starts or the session check runs on a protected page. */
export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center py-24">
      <Spinner label={label} className="[&>span:first-child]:size-12" />
    </div>
  );
}
