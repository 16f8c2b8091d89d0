import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * Copies `text` to the clipboard. The visible word stays "Copy" (so voice users can say it); `label` names what
 * is copied, and the result is announced politely.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = window.setTimeout(() => setState("idle"), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} aria-label={label} className="btn btn-secondary py-2">
        {state === "copied" ? (
          <Check aria-hidden="true" className="size-4 text-field-700" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {state === "copied" ? "Copied" : "Copy"}
      </button>
      <span role="status" className="text-sm text-stone-700">
        {state === "copied" ? <span className="sr-only">Copied {text}</span> : null}
        {state === "failed" ? "Select the code and copy it by hand." : null}
      </span>
    </span>
  );
}
