import { describe, expect, it } from "vitest";
import {
  ageOn,
  CONSENT_TEXTS,
  CONSENT_VERSION,
  consentText,
  firstName,
  isChild,
  isUnderOwnSignInAge,
  shortName,
} from "./family.js";

describe("ages from a birth date (docs/product.md §13)", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2014-07-01", "2026-06-30")).toBe(11);
    expect(ageOn("2014-07-01", "2026-07-01")).toBe(12);
    expect(ageOn("2014-07-01", "2027-01-15")).toBe(12);
    // Born on 29 February: a year older on 1 March of a common year.
    expect(ageOn("2012-02-29", "2025-02-28")).toBe(12);
    expect(ageOn("2012-02-29", "2025-03-01")).toBe(13);
  });

  it("under 13 has no sign-in of their own; under 18 is a child; no birth date is neither", () => {
    expect(isUnderOwnSignInAge("2014-07-02", "2027-07-01")).toBe(true);
    expect(isUnderOwnSignInAge("2014-07-01", "2027-07-01")).toBe(false);
    expect(isChild("2009-07-02", "2027-07-01")).toBe(true);
    expect(isChild("2009-07-01", "2027-07-01")).toBe(false);
    expect(isChild(null, "2027-07-01")).toBe(false);
    expect(isUnderOwnSignInAge(null, "2027-07-01")).toBe(false);
  });
});

describe("what others see of a child's name", () => {
  it("first name and last initial; a one-word name as it is", () => {
    expect(shortName("Maya Rivera")).toBe("Maya R.");
    expect(shortName("  Maya   de la Cruz ")).toBe("Maya C.");
    expect(shortName("Ólafur ásgeirsson")).toBe("Ólafur Á.");
    expect(shortName("Pelé")).toBe("Pelé");
    expect(firstName("Maya Rivera")).toBe("Maya");
  });
});

describe("the consent text", () => {
  it("the current version has its words, and every version stays readable", () => {
    expect(consentText().length).toBeGreaterThan(2);
    expect(consentText(CONSENT_VERSION)).toBe(CONSENT_TEXTS[CONSENT_VERSION]);
    expect(consentText("no-such-version")).toEqual([]);
  });
});
