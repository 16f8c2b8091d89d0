import { clsx } from "clsx";
import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { apiFetch, isApiError, NETWORK_ERROR_STATUS } from "~/lib/api";
import { controlProps, FormField, FormMessage, InputField } from "~/ui/form-field";
import {
  createSessionSchema,
  MAX_LOCATION,
  MAX_OPPONENT,
  type SessionKind,
  type SessionResponse,
  type TeamSessionDto,
} from "#domain/api/logger";

const FIELDS = ["kind", "date", "opponent", "location"] as const;
type Fields = (typeof FIELDS)[number];

/**
 * Starts a practice or a game: kind, date (today by default, in the coach's zone), the opponent for a game, and
 * where. Needs a connection (the server makes the session); the coach is told so when there is none.
 */
export function NewSessionDialog({
  open,
  onOpenChange,
  today,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  onCreated: (session: TeamSessionDto) => void;
}) {
  return (
    <SheetDialog open={open} onOpenChange={onOpenChange} size="md">
      <SheetHeader title="New session" />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        A practice or a game to log events and take attendance for.
      </Dialog.Description>
      {/* Mounted only while open, so each opening starts from a fresh form. */}
      {open ? <NewSessionForm today={today} onCreated={onCreated} /> : null}
    </SheetDialog>
  );
}

function NewSessionForm({ today, onCreated }: { today: string; onCreated: (session: TeamSessionDto) => void }) {
  const [kind, setKind] = useState<SessionKind>("practice");
  const [date, setDate] = useState(today);
  const [opponent, setOpponent] = useState("");
  const [location, setLocation] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { kind, date, opponent: kind === "game" ? opponent : null, location };
    const parsed = createSessionSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "") as Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const { session } = await apiFetch<SessionResponse>("/api/team/sessions", { method: "POST", json: input });
      onCreated(session);
    } catch (error) {
      if (isApiError(error, NETWORK_ERROR_STATUS)) {
        setFormError(
          "You're offline. Starting a session needs a connection; you can keep logging into an existing session meanwhile.",
        );
      } else if (isApiError(error) && Object.keys(error.fields).length > 0) {
        const known: Partial<Record<Fields, string>> = {};
        const other: string[] = [];
        for (const [key, message] of Object.entries(error.fields)) {
          if (FIELDS.includes(key as Fields)) known[key as Fields] = message;
          else other.push(message);
        }
        setErrors(known);
        setFormError(other.length ? other.join(" ") : null);
      } else {
        setFormError(error instanceof Error ? error.message : "The session could not be started. Please try again.");
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <fieldset>
        <legend className="label">Kind</legend>
        <div className="grid grid-cols-2 gap-2">
          {(["practice", "game"] as const).map((k) => (
            <label
              key={k}
              className={clsx(
                "flex h-12 cursor-pointer items-center justify-center rounded-xl border-2 font-bold capitalize has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-700",
                kind === k ? "border-field-800 bg-field-800 text-white" : "border-stone-300 bg-white text-stone-900",
              )}
            >
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="sr-only"
              />
              {k === "practice" ? "Practice" : "Game"}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label="Date" error={errors.date}>
        {(ids) => (
          <input
            {...controlProps(ids, errors.date)}
            type="date"
            required
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="input"
          />
        )}
      </FormField>
      {kind === "game" ? (
        <InputField
          label="Opponent"
          hint="Optional"
          error={errors.opponent}
          type="text"
          maxLength={MAX_OPPONENT}
          autoComplete="off"
          value={opponent}
          onChange={(e) => setOpponent(e.target.value)}
        />
      ) : null}
      <InputField
        label="Location"
        hint="Optional"
        error={errors.location}
        type="text"
        maxLength={MAX_LOCATION}
        autoComplete="off"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <button type="submit" className="btn btn-field h-12 w-full text-base" disabled={saving}>
        {saving ? "Starting…" : "Start session"}
      </button>
    </form>
  );
}
