import { describe, expect, it } from "vitest";
import { looksLikeFile } from "./static.js";

describe("which missing paths are files (a 404) and which are pages of the app (the SPA fallback)", () => {
  it("takes a short extension for a file", () => {
    for (const path of ["/favicon.ico", "/robots.txt", "/assets/app-abc123.js", "/x/photo.webp", "/feed.ics"])
      expect(looksLikeFile(path), path).toBe(true);
  });

  it("serves a page whose last segment is a token with a dot in it, as mail links have", () => {
    const mac = "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c";
    for (const path of [`/answer/eyJ1Ijo.${mac}`, `/unsubscribe/abc.${mac}`, "/coach/schedule", "/", "/v1.2/"])
      expect(looksLikeFile(path), path).toBe(false);
  });
});
