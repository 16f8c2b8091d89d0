/**
 * Input schemas shared by the web forms and the server routes, so a rule is written once and a field error
 * reads the same in the browser and in a 400 answer.
 */
import { z } from "./zod.js";
import { POSITION_KEYS } from "./positions.js";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .min(1, { error: "Email is required." })
  .max(254, { error: "Email is too long." })
  .pipe(z.email({ error: "Enter a valid email address." }));

export const passwordSchema = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters.` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters.` });

export const fullNameSchema = trimmed("Full name", 80);

export const positionKeySchema = z.enum(POSITION_KEYS, { error: "Choose one of the ten positions." });

/**
 * A number, or the decimal text a form input sends. Not z.coerce: that turns "", " " and null into 0 and true
 * into 1, so a player who left the field blank would silently get number 0.
 */
export const jerseyNumberSchema = z.preprocess(
  (value) => {
    // null, and NaN (a blank <input type="number"> read with valueAsNumber), are a missing number.
    if (value === null || Number.isNaN(value)) return undefined;
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return undefined;
    return /^[+-]?\d+(?:\.\d+)?$/.test(text) ? Number(text) : value;
  },
  z
    .number({
      error: (issue) => (issue.input === undefined ? "Jersey number is required." : "Jersey number must be a number."),
    })
    .int({ error: "Jersey number must be a whole number." })
    .min(0, { error: "Jersey number must be between 0 and 99." })
    .max(99, { error: "Jersey number must be between 0 and 99." }),
);

/** Team codes are shown in upper case; people type them in any case, with stray spaces. */
const teamCodeSchema = z
  .string({ error: "Team code is required." })
  .trim()
  .toUpperCase()
  .min(1, { error: "Team code is required." })
  .max(32, { error: "That team code is too long." });

/** An optional text field: blank, which is what an untouched form input sends, counts as absent. */
const optionalText = <T extends z.ZodType<string, string>>(label: string, schema: T) =>
  z
    .string({ error: `${label} must be text.` })
    .transform((value) => (value.trim() === "" ? undefined : value))
    .pipe(schema.optional())
    .optional();

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required." }).min(1, { error: "Password is required." }).max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

const accountFields = {
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
};

const coachSignupSchema = z.object({
  ...accountFields,
  role: z.literal("coach"),
  /** A head coach names a new team; an assistant coach joins with the coach invite code instead. */
  teamName: optionalText("Team name", trimmed("Team name", 80)),
  coachInviteCode: optionalText("Coach invite code", teamCodeSchema),
});

/**
 * Sign-up's jersey number: one from 0 to 99, or none (left out, null or blank). A player whose number is taken on the
 * team picks another or none (docs/product.md §11); the coach can give them one later.
 */
const signupJerseySchema = z.preprocess(
  (value) =>
    value === null || Number.isNaN(value) || (typeof value === "string" && value.trim() === "") ? undefined : value,
  jerseyNumberSchema.optional(),
);

const playerSignupSchema = z.object({
  ...accountFields,
  role: z.literal("player"),
  teamCode: teamCodeSchema,
  jerseyNumber: signupJerseySchema,
  primaryPosition: positionKeySchema,
  positions: z.array(positionKeySchema).max(10).default([]),
});

export const signupSchema = z
  .discriminatedUnion("role", [coachSignupSchema, playerSignupSchema], {
    error: "Choose whether you are a coach or a player.",
  })
  .superRefine((value, ctx) => {
    if (value.role === "coach" && !value.teamName && !value.coachInviteCode) {
      ctx.addIssue({ code: "custom", path: ["teamName"], message: "Team name is required." });
    }
  });
export type SignupInput = z.infer<typeof signupSchema>;

export const contactSchema = z.object({
  name: trimmed("Name", 80),
  email: emailSchema,
  message: trimmed("Message", 4000).refine((m) => m.length >= 10, {
    error: "Message must be at least 10 characters.",
  }),
});
export type ContactInput = z.infer<typeof contactSchema>;
