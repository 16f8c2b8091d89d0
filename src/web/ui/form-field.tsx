import { clsx } from "clsx";
import { useCallback, useId, useState, type ComponentProps, type ReactNode } from "react";
import { formatCount } from "./format";

export interface FieldIds {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  /** The control is invalid: its own error is shown, or one shown elsewhere (`invalid`). */
  invalid: boolean;
}

interface FormFieldProps {
  label: ReactNode;
  /** Shown under the label, always; tied to the control with aria-describedby. */
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** The label's look where the field sits in a toolbar or a row rather than a form column ("label" by default). */
  labelClassName?: string;
  /** The hint's look ("-mt-1 mb-1.5 text-sm text-stone-600" by default; "sr-only" for a hint read but not shown). */
  hintClassName?: string;
  /** The control's id, where something else must name it; a generated one otherwise. */
  id?: string;
  /** Ids of more text describing the control, read after the hint and error: a character count, an error shown once for several fields. */
  describedBy?: string | undefined;
  /** Marks the control invalid though the error it breaks is shown elsewhere (a date range's one message). */
  invalid?: boolean;
  /** Renders the control; spread `controlProps(ids)` onto it so labels, hints and errors are wired up. */
  children: (ids: FieldIds) => ReactNode;
}

/**
 * A labelled form control with its hint and error text tied to it for assistive technology (aria-describedby,
 * aria-invalid): every form and filter of the app builds its fields with it.
 */
export function FormField({
  label,
  hint,
  error,
  className,
  labelClassName = "label",
  hintClassName = "-mt-1 mb-1.5 text-sm text-stone-600",
  id: givenId,
  describedBy: extra,
  invalid = false,
  children,
}: FormFieldProps) {
  const id = useId();
  const inputId = givenId ?? `${id}-input`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId, extra].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClassName}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {children({ inputId, hintId, errorId, describedBy, invalid: invalid || Boolean(error) })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The props that tie a control to its label, hint and error. */
export function controlProps(ids: FieldIds, error?: string | undefined) {
  return {
    id: ids.inputId,
    "aria-describedby": ids.describedBy,
    "aria-invalid": error || ids.invalid ? (true as const) : undefined,
  };
}

/** What a field component takes besides its control's own attributes. */
interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** The wrapper's class (FormField's `className`). */
  fieldClassName?: string;
}
type ControlAttributes<Tag extends "input" | "textarea" | "select"> = Omit<
  ComponentProps<Tag>,
  "id" | "aria-describedby" | "aria-invalid"
>;

/**
 * A FormField around an `<input className="input">`: the common case of every form. The rest of the props go
 * to the input, so `{...register("email")}` (react-hook-form) spreads straight on: `<InputField label="Email"
 * error={errors.email?.message} {...register("email")} type="email" />`.
 */
export function InputField({
  label,
  hint,
  error,
  fieldClassName,
  className = "input",
  ...input
}: FieldProps & ControlAttributes<"input">) {
  return (
    <FormField label={label} hint={hint} error={error} className={fieldClassName}>
      {(ids) => <input {...controlProps(ids, error)} {...input} className={className} />}
    </FormField>
  );
}

/** InputField's text-area twin; `count` adds a CharacterCount under it, which the area names in aria-describedby. */
export function TextAreaField({
  label,
  hint,
  error,
  fieldClassName,
  className = "input",
  count,
  ...area
}: FieldProps & ControlAttributes<"textarea"> & { count?: { length: number; max: number } }) {
  const countId = `${useId()}-count`;
  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      className={fieldClassName}
      describedBy={count ? countId : undefined}
    >
      {(ids) => (
        <>
          <textarea {...controlProps(ids, error)} {...area} className={className} />
          {count ? <CharacterCount id={countId} length={count.length} max={count.max} /> : null}
        </>
      )}
    </FormField>
  );
}

/** InputField's select twin; the options are its children. */
export function SelectField({
  label,
  hint,
  error,
  fieldClassName,
  className = "input",
  ...select
}: FieldProps & ControlAttributes<"select">) {
  return (
    <FormField label={label} hint={hint} error={error} className={fieldClassName}>
      {(ids) => <select {...controlProps(ids, error)} {...select} className={className} />}
    </FormField>
  );
}

/** One `<option>` per value, the value as its text: the lists of categories, activities and event types. */
export function ValueOptions({ values }: { values: readonly string[] }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {value}
    </option>
  ));
}

export function FieldError({
  id,
  message,
  className,
}: {
  id?: string | undefined;
  message?: string | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} className={clsx("mt-1.5 text-sm font-medium text-red-700", className)}>
      {message}
    </p>
  );
}

/** A form-level message: errors are announced at once (role="alert"), confirmations politely (role="status"). */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx(
        "rounded-lg border px-4 py-3 text-sm font-medium",
        tone === "error" ? "border-red-300 bg-red-50 text-red-800" : "border-field-300 bg-field-50 text-field-900",
      )}
    >
      {children}
    </div>
  );
}

/**
 * A polite live region that is always in the page (so a confirmation put in it is announced) and shows the
 * confirmation, when there is one, as a green note.
 */
export function StatusNotice({ notice }: { notice: ReactNode }) {
  return (
    <div role="status" className="empty:hidden">
      {notice ? (
        <p className="rounded-lg border border-field-300 bg-field-50 px-4 py-3 text-sm font-medium text-field-900">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

/** A form's failure (shown at once, role="alert") and its confirmation (StatusNotice), in that order. */
export function FormOutcome({ error, notice }: { error: string | null; notice: ReactNode }) {
  return (
    <>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <StatusNotice notice={notice} />
    </>
  );
}

/** The state behind FormOutcome; `clear` forgets both as a new submit starts. */
export function useFormOutcome() {
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const clear = useCallback(() => {
    setFormError(null);
    setNotice(null);
  }, []);
  return { formError, setFormError, notice, setNotice, clear };
}

/** "123 / 2,000 characters" under a text area, in red once over `max`. The area names `id` in aria-describedby. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p
      id={id}
      className={clsx(
        "mt-1 text-right text-sm tabular-nums",
        length > max ? "font-semibold text-red-700" : "text-stone-600",
      )}
    >
      {formatCount(length)} / {formatCount(max)} characters
    </p>
  );
}
