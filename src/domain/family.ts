/**
 * Families (docs/product.md §13): who is a child, what of a child's data may be shown, and the consent text a
 * guardian agrees to. Pure and free of zod: screens that only show an age or a short name import this alone.
 */

/** Under this age a player has no sign-in of their own: a guardian holds their place (COPPA's line). */
export const OWN_SIGN_IN_AGE = 13;
/** Under this age a player is a child: their personal data needs a guardian's consent to be shown. */
const ADULT_AGE = 18;

/** How long a coach's guardian invite link stays valid. */
export const GUARDIAN_INVITE_DAYS = 14;

/** The web page that takes a guardian link (docs/product.md §13). */
export const guardianInvitePath = (token: string) => `/guardian/${encodeURIComponent(token)}`;

/** A player's birth date and today, both `YYYY-MM-DD`: their age in whole years. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** A child: a birth date that makes the player under 18. Without a birth date, nobody is taken for a child. */
export function isChild(birthDate: string | null, today: string): boolean {
  return birthDate !== null && ageOn(birthDate, today) < ADULT_AGE;
}

/** Today's UTC calendar day, `YYYY-MM-DD` (the day ages are counted on). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A minor, whose name and photo others see only with leave: under 18 by the birth date; with no birth date, a
 * player a guardian holds a place for (a guardian's child counts as a child until a birth date says otherwise).
 */
export function isMinor(birthDate: string | null, hasGuardian: boolean, today: string): boolean {
  return birthDate !== null ? isChild(birthDate, today) : hasGuardian;
}

/** Where a player stands for what others on the team may see of them. */
export interface NamePrivacy {
  minor: boolean;
  /** The consent ledger's latest record: given, withdrawn, or none at all. */
  consent: "given" | "withdrawn" | "none";
  /** The guardian lets other families on the team see the full name and photo. */
  shared: boolean;
}

/**
 * Whether others on the team (its players and their families; never its coaches, nor the player and their own
 * guardians) see only the short name and no photo: a minor, unless consent is given and the guardian shares.
 */
export function isNamePrivate(p: NamePrivacy): boolean {
  return p.minor && !(p.consent === "given" && p.shared);
}

/** Too young for a sign-in of their own: under 13 by their birth date. */
export function isUnderOwnSignInAge(birthDate: string | null, today: string): boolean {
  return birthDate !== null && ageOn(birthDate, today) < OWN_SIGN_IN_AGE;
}

/**
 * The name others may see of a child without consent (or without the guardian's leave to share): the first name
 * and the initial of the last ("Maya R."). A one-word name stays as it is.
 */
export function shortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? "";
  const last = words[words.length - 1] ?? "";
  return `${words[0]} ${Array.from(last)[0]?.toUpperCase() ?? ""}.`;
}

/** The first name alone (public follow pages). */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/**
 * The consent text and its version. The ledger keeps the version each guardian agreed to; a new text gets a new
 * version and the old one stays in CONSENT_TEXTS, so every record can be read with the words it was given for.
 */
export const CONSENT_VERSION = "2026-11-29";

export const CONSENT_TEXTS: Readonly<Record<string, readonly string[]>> = {
  "2026-11-29": [
    "I am this player's parent or legal guardian, and I agree that this team's Flagline keeps the player's name, jersey number, positions, birth date, photo (if one is added), attendance, game and practice statistics, training logs and the coach's feedback, to run the team.",
    "Who sees what: the team's coaches see everything. Other families on the team see the first name and last initial, and the full name and photo only if I allow it. Public pages show the first name and jersey number only, never a photo.",
    "I can withdraw this consent at any time. Withdrawing deletes the player's name, photo, birth date, training logs and the coach's feedback; the team keeps only anonymous numbers in its totals.",
    "If the player leaves the team, or the team is inactive for a long time, the player's data is deleted after I am sent a copy of it.",
  ],
};

export function consentText(version: string = CONSENT_VERSION): readonly string[] {
  return CONSENT_TEXTS[version] ?? [];
}
