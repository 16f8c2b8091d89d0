import { describe, expect, it } from "vitest";
import { photoLinkSecondsLeft, photoUrl, usePhotoLinkSecret } from "./photo-links.js";

/* Short-lived photo links (docs/product.md §13): good for one to two hours, for their own file only. */

const ID = "0b7f2d1e-5c4a-4d1b-9a55-3f8f2c7b9e10";
const AT = Date.parse("2026-11-29T17:20:00Z");

function partsOf(url: string) {
  const q = new URL(url, "http://x").searchParams;
  return { exp: q.get("exp") ?? undefined, sig: q.get("sig") ?? undefined };
}

describe("photo links", () => {
  usePhotoLinkSecret("a-test-secret-that-is-long-enough-0123456789");

  it("a link made now expires at the end of the next hour, and is the same all hour", () => {
    const url = photoUrl(ID, AT)!;
    expect(url).toMatch(new RegExp(`^/api/files/${ID}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(Number(partsOf(url).exp) * 1000).toBe(Date.parse("2026-11-29T19:00:00Z"));
    expect(photoUrl(ID, AT + 30 * 60_000)).toBe(url);
    expect(photoUrl(null, AT)).toBeNull();
  });

  it("is good until it expires, for its own file only, and not when tampered with", () => {
    const { exp, sig } = partsOf(photoUrl(ID, AT)!);
    expect(photoLinkSecondsLeft(ID, exp, sig, AT)).toBe(100 * 60);
    expect(photoLinkSecondsLeft(ID, exp, sig, Date.parse("2026-11-29T18:59:59Z"))).toBe(1);
    expect(photoLinkSecondsLeft(ID, exp, sig, Date.parse("2026-11-29T19:00:00Z"))).toBeNull();
    expect(photoLinkSecondsLeft("another-file", exp, sig, AT)).toBeNull();
    expect(photoLinkSecondsLeft(ID, String(Number(exp) + 3600), sig, AT)).toBeNull();
    expect(photoLinkSecondsLeft(ID, exp, `${sig!.slice(0, -2)}AA`, AT)).toBeNull();
    expect(photoLinkSecondsLeft(ID, undefined, sig, AT)).toBeNull();
    expect(photoLinkSecondsLeft(ID, "soon", sig, AT)).toBeNull();
    // A far-off expiry is refused even with its own MAC: no link lives longer than two hours.
    const far = partsOf(photoUrl(ID, AT + 48 * 3600_000)!);
    expect(photoLinkSecondsLeft(ID, far.exp, far.sig, AT)).toBeNull();
  });
});
