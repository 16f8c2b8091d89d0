import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { isApiError, type ApiError } from "~/lib/api";
import { describeError } from "./query-state";

/**
 * Shows a 400 answer's `error.fields` beside the matching form fields. Returns the messages of fields the form
 * does not have (to show with the form), or null when every message found its field. When the answer held no
 * field messages at all, its general message is returned.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: ApiError,
  formFields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): string | null {
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return error.message;
  const leftover: string[] = [];
  let focused = false;
  for (const [name, message] of entries) {
    const field = formFields.find((f) => f === name);
    if (field) {
      setError(field, { type: "server", message }, { shouldFocus: !focused });
      focused = true;
    } else {
      leftover.push(message);
    }
  }
  return leftover.length > 0 ? leftover.join(" ") : null;
}

/**
 * What a form shows after a failed save: a 400's field messages go beside their fields (the form then says what
 * did not fit, or to check the highlighted fields); any other failure reads as the server's message or `fallback`.
 */
export function submitErrorMessage<T extends FieldValues>(
  error: unknown,
  formFields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): string {
  if (isApiError(error, 400))
    return applyServerFieldErrors(error, formFields, setError) ?? "Please check the highlighted fields.";
  return describeError(error, fallback);
}
