import { clsx } from "clsx";

/** The Flagline mark: a pulled flag over a yard line. Decorative; the word "Flagline" next to it is the name. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx("size-8", className)} focusable="false">
      <rect width="32" height="32" rx="8" fill="#15613a" />
      <path d="M4 22h24" stroke="#d8f3e0" strokeWidth="2" strokeLinecap="round" opacity="0.6" />
      <path d="M11 6v20" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M12 7c4-2 7 2 12 0v8c-5 2-8-2-12 0z" fill="#f5a83a" />
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-2 text-lg font-extrabold tracking-tight", className)}>
      <LogoMark />
      <span>Flagline</span>
    </span>
  );
}
