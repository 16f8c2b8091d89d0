import { z } from "@hono/zod-openapi";

/** An integer query parameter (query values arrive as text), `fallback` when absent. */
export function intQuery(label: string, min: number, max: number, fallback: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z
    .string()
    .regex(/^[+-]?\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))
    .optional()
    .transform((v) => v ?? fallback)
    .openapi({ type: "integer", minimum: min, maximum: max, default: fallback });
}
