/**
 * The signed-in user as the web app sees it: GET /api/me, POST /api/session and POST /api/signup all answer
 * `{ user: Me }`.
 *
 * This module holds the zod schema, so it is loaded only where an answer has to be read (the login and signup
 * pages, and the session check once /api/me answers 200): a visitor on a public page never downloads zod.
 * Code that only needs the type imports it with `import type`.
 */
import { z } from "zod";

export type Role = "player" | "coach";
export type CoachRole = "head" | "assistant";

export interface MeTeam {
  id: string;
  name: string;
  code: string;
  /** Only head coaches see the code that lets assistant coaches join. */
  coachInviteCode: string | null;
}

export interface Me {
  id: string;
  email: string;
  role: Role;
  fullName: string;
  coachRole: CoachRole | null;
  team: MeTeam | null;
  jerseyNumber: number | null;
  primaryPosition: string | null;
  positions: string[];
  photoUrl: string | null;
}

export const meSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  role: z.enum(["player", "coach"]),
  fullName: z.string(),
  coachRole: z.enum(["head", "assistant"]).nullable(),
  team: z
    .object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      coachInviteCode: z.string().nullable(),
    })
    .nullable(),
  jerseyNumber: z.number().int().nullable(),
  primaryPosition: z.string().nullable(),
  positions: z.array(z.string()),
  photoUrl: z.string().nullable(),
});

export const meResponseSchema = z.object({ user: meSchema });

// The hand-written type and the schema must describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const meTypeMatchesSchema: Same<Me, z.infer<typeof meSchema>> = true;
void meTypeMatchesSchema;

/** Reads `{ user: Me }` from an API answer; null when the answer does not hold a usable user. */
export function parseMeResponse(payload: unknown): Me | null {
  const result = meResponseSchema.safeParse(payload);
  return result.success ? result.data.user : null;
}
