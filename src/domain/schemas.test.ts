import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { POSITION_KEYS } from "./positions.js";
import {
  PASSWORD_MIN,
  contactSchema,
  jerseyNumberSchema,
  loginSchema,
  passwordSchema,
  signupSchema,
} from "./schemas.js";

/** Field path -> messages, for readable assertions. */
function errors(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

const account = { fullName: "Jamie Fox", email: "jamie@example.com", password: "correct horse" };
const coach = { ...account, role: "coach" as const };
const player = { ...account, role: "player" as const, teamCode: "HAWKS1", jerseyNumber: 7, primaryPosition: "qb" };

describe("signupSchema: role", () => {
  it.each([undefined, "", "admin", "Coach", 1])("role %j is rejected", (role) => {
    expect(errors(signupSchema.safeParse({ ...account, role }))).toEqual({
      role: ["Choose whether you are a coach or a player."],
    });
  });
});

describe("signupSchema: coach (needs teamName or coachInviteCode)", () => {
  it("a head coach names a team", () => {
    const r = signupSchema.safeParse({ ...coach, teamName: "  Harbor Hawks " });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ role: "coach", teamName: "Harbor Hawks", email: "jamie@example.com" });
  });

  it("an assistant joins with the invite code, normalised to upper case", () => {
    const r = signupSchema.safeParse({ ...coach, coachInviteCode: " ab12cd " });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ role: "coach", coachInviteCode: "AB12CD" });
  });

  it("both is fine too", () => {
    expect(signupSchema.safeParse({ ...coach, teamName: "Hawks", coachInviteCode: "AB12" }).success).toBe(true);
  });

  it.each<[string, object]>([
    ["neither field", {}],
    ["both undefined", { teamName: undefined, coachInviteCode: undefined }],
    ["both empty, as an untouched form sends them", { teamName: "", coachInviteCode: "" }],
    ["both blank", { teamName: "   ", coachInviteCode: " " }],
  ])("rejects %s with one clear message", (_label, fields) => {
    expect(errors(signupSchema.safeParse({ ...coach, ...fields }))).toEqual({ teamName: ["Team name is required."] });
  });

  it("an empty field beside a filled one counts as absent", () => {
    const named = signupSchema.safeParse({ ...coach, teamName: "Hawks", coachInviteCode: "" });
    expect(named.success).toBe(true);
    expect(named.data).not.toHaveProperty("coachInviteCode", expect.anything());
    const invited = signupSchema.safeParse({ ...coach, teamName: "", coachInviteCode: "ab12" });
    expect(invited.success).toBe(true);
    expect(invited.data).toMatchObject({ coachInviteCode: "AB12" });
  });

  it("a team name is at most 80 characters", () => {
    expect(errors(signupSchema.safeParse({ ...coach, teamName: "x".repeat(81) }))).toEqual({
      teamName: ["Team name must be at most 80 characters."],
    });
    expect(signupSchema.safeParse({ ...coach, teamName: "x".repeat(80) }).success).toBe(true);
  });

  it("a coach needs no player fields", () => {
    expect(signupSchema.safeParse({ ...coach, teamName: "Hawks" }).success).toBe(true);
  });
});

describe("signupSchema: player (teamCode, jersey 0-99, one of the ten positions)", () => {
  it("accepts a full player and normalises the team code", () => {
    const r = signupSchema.safeParse({ ...player, teamCode: " hawks1 ", positions: ["qb", "wr"] });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      role: "player",
      teamCode: "HAWKS1",
      jerseyNumber: 7,
      primaryPosition: "qb",
      positions: ["qb", "wr"],
    });
  });

  it("positions default to an empty list", () => {
    expect(signupSchema.safeParse(player).data).toMatchObject({ positions: [] });
  });

  it("needs a team code", () => {
    for (const teamCode of [undefined, "", "   "]) {
      expect(errors(signupSchema.safeParse({ ...player, teamCode })), String(teamCode)).toEqual({
        teamCode: ["Team code is required."],
      });
    }
  });

  it("does not accept a coach's team name instead of a team code", () => {
    const { teamCode: _omit, ...withoutCode } = player;
    expect(errors(signupSchema.safeParse({ ...withoutCode, teamName: "Hawks" }))).toHaveProperty("teamCode");
  });

  it.each(POSITION_KEYS)("primaryPosition %s is accepted", (primaryPosition) => {
    expect(signupSchema.safeParse({ ...player, primaryPosition }).success).toBe(true);
  });

  it.each([undefined, "", "QB", "Quarterback", "kicker", "unknown", "other"])(
    "primaryPosition %j is rejected",
    (primaryPosition) => {
      expect(errors(signupSchema.safeParse({ ...player, primaryPosition }))).toEqual({
        primaryPosition: ["Choose one of the ten positions."],
      });
    },
  );

  it("other positions must be keys too", () => {
    expect(errors(signupSchema.safeParse({ ...player, positions: ["wr", "kicker"] }))).toEqual({
      "positions.1": ["Choose one of the ten positions."],
    });
  });

  it.each<[unknown, number]>([
    [0, 0],
    [99, 99],
    [7, 7],
    ["7", 7],
    [" 42 ", 42],
    ["00", 0],
  ])("jersey %j is accepted as %d", (jerseyNumber, expected) => {
    const r = signupSchema.safeParse({ ...player, jerseyNumber });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ jerseyNumber: expected });
  });

  // A player whose number is taken on the team signs up with none (docs/product.md §11): the coach gives one later.
  it.each<[unknown]>([[undefined], [null], [""], ["  "], [Number.NaN]])(
    "no jersey (%j) is a sign-up without a number",
    (jerseyNumber) => {
      const r = signupSchema.safeParse({ ...player, jerseyNumber });
      expect(r.success).toBe(true);
      expect(r.data).not.toHaveProperty("jerseyNumber", expect.anything());
    },
  );

  it.each<[unknown, string]>([
    [-1, "Jersey number must be between 0 and 99."],
    ["-1", "Jersey number must be between 0 and 99."],
    [100, "Jersey number must be between 0 and 99."],
    ["100", "Jersey number must be between 0 and 99."],
    [7.5, "Jersey number must be a whole number."],
    ["7.5", "Jersey number must be a whole number."],
    ["seven", "Jersey number must be a number."],
    ["1e1", "Jersey number must be a number."],
    ["0x1F", "Jersey number must be a number."],
    [true, "Jersey number must be a number."],
    [Number.POSITIVE_INFINITY, "Jersey number must be a number."],
  ])("jersey %j is rejected: %s", (jerseyNumber, message) => {
    expect(errors(signupSchema.safeParse({ ...player, jerseyNumber }))).toEqual({ jerseyNumber: [message] });
  });

  it("property: every whole number 0..99 is a jersey, as a number or as text; others are not", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 1_000 }), (n) => {
        const ok = n >= 0 && n <= 99;
        expect(jerseyNumberSchema.safeParse(n).success).toBe(ok);
        expect(jerseyNumberSchema.safeParse(String(n)).success).toBe(ok);
        if (ok) expect(jerseyNumberSchema.parse(String(n))).toBe(n);
      }),
    );
  });
});

describe("password (min 8)", () => {
  it("the minimum is 8", () => {
    expect(PASSWORD_MIN).toBe(8);
  });

  it.each(["", "1234567", "short"])("%j is too short", (password) => {
    expect(errors(passwordSchema.safeParse(password))).toEqual({ "": ["Password must be at least 8 characters."] });
    expect(errors(signupSchema.safeParse({ ...player, password }))).toEqual({
      password: ["Password must be at least 8 characters."],
    });
  });

  it("8 to 128 characters are fine, spaces included and kept", () => {
    expect(passwordSchema.parse("12345678")).toBe("12345678");
    expect(passwordSchema.parse(" 1234567")).toBe(" 1234567");
    expect(passwordSchema.safeParse("x".repeat(128)).success).toBe(true);
    expect(errors(passwordSchema.safeParse("x".repeat(129)))).toEqual({
      "": ["Password must be at most 128 characters."],
    });
  });
});

describe("email", () => {
  it("is trimmed and lower-cased", () => {
    expect(signupSchema.parse({ ...player, email: "  Jamie.Fox@Example.COM " })).toMatchObject({
      email: "jamie.fox@example.com",
    });
  });

  it.each<[unknown, string]>([
    [undefined, "Email is required."],
    ["", "Email is required."],
    ["   ", "Email is required."],
    ["jamie", "Enter a valid email address."],
    ["jamie@", "Enter a valid email address."],
    ["@example.com", "Enter a valid email address."],
    [`${"a".repeat(250)}@x.co`, "Email is too long."],
  ])("%j: %s", (email, message) => {
    expect(errors(signupSchema.safeParse({ ...player, email }))).toEqual({ email: [message] });
  });

  it("a full name is required, trimmed, at most 80 characters", () => {
    expect(errors(signupSchema.safeParse({ ...player, fullName: "  " }))).toEqual({
      fullName: ["Full name is required."],
    });
    expect(errors(signupSchema.safeParse({ ...player, fullName: "x".repeat(81) }))).toEqual({
      fullName: ["Full name must be at most 80 characters."],
    });
    expect(signupSchema.parse({ ...player, fullName: "  Jamie Fox " })).toMatchObject({ fullName: "Jamie Fox" });
  });
});

describe("loginSchema", () => {
  it("accepts an email and any non-empty password (the length rule is for new passwords)", () => {
    expect(loginSchema.parse({ email: " Jamie@Example.com ", password: "x" })).toEqual({
      email: "jamie@example.com",
      password: "x",
    });
  });

  it("rejects missing or malformed fields", () => {
    expect(errors(loginSchema.safeParse({}))).toEqual({
      email: ["Email is required."],
      password: ["Password is required."],
    });
    expect(errors(loginSchema.safeParse({ email: "nope", password: "" }))).toEqual({
      email: ["Enter a valid email address."],
      password: ["Password is required."],
    });
  });

  it("caps the password length", () => {
    expect(loginSchema.safeParse({ email: "a@b.co", password: "x".repeat(129) }).success).toBe(false);
  });
});

describe("contactSchema", () => {
  const contact = { name: "Pat", email: "pat@example.com", message: "Do you support 5v5 leagues?" };

  it("accepts and trims a message", () => {
    expect(contactSchema.parse({ ...contact, name: " Pat ", message: `  ${contact.message}  ` })).toEqual(contact);
  });

  it("a message has at least 10 characters after trimming", () => {
    expect(errors(contactSchema.safeParse({ ...contact, message: "  too short  ".slice(0, 11) }))).toEqual({
      message: ["Message must be at least 10 characters."],
    });
    expect(contactSchema.safeParse({ ...contact, message: "0123456789" }).success).toBe(true);
    expect(contactSchema.safeParse({ ...contact, message: "   012345678   " }).success).toBe(false);
  });

  it("an empty message is reported as required first", () => {
    expect(errors(contactSchema.safeParse({ ...contact, message: "" })).message?.[0]).toBe("Message is required.");
  });

  it("name and email are required, message at most 4000 characters", () => {
    expect(errors(contactSchema.safeParse({ ...contact, name: "" }))).toEqual({ name: ["Name is required."] });
    expect(errors(contactSchema.safeParse({ ...contact, email: "pat" }))).toEqual({
      email: ["Enter a valid email address."],
    });
    expect(errors(contactSchema.safeParse({ ...contact, message: "x".repeat(4001) }))).toEqual({
      message: ["Message must be at most 4000 characters."],
    });
  });
});
