// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

/*
 * The icons the pages and the push worker name that no e2e journey opens: the follow page's head (the app's pages and
 * the server's own are checked in tests/e2e/first-reads.spec.ts and league-page.test.ts) and a notification's icon and
 * badge. Each is a PNG of its declared size: an SVG favicon is a document built on the page's main thread while it
 * loads (docs/lighthouse.md), iOS takes no SVG on the home screen, and Android draws no SVG in a notification.
 */

const PUBLIC = join(import.meta.dirname, "../../public");

async function png(path: string) {
  const file = readFileSync(join(PUBLIC, path));
  const { format, width, height } = await sharp(file).metadata();
  return { format, size: `${width}x${height}`, file };
}

describe("the follow page's head", () => {
  const html = readFileSync(join(import.meta.dirname, "../../src/web/follow-page/page.html"), "utf8");
  const head = new DOMParser().parseFromString(html, "text/html").head;
  // The same links tests/e2e/first-reads.spec.ts reads from the app's pages.
  const links = [...head.querySelectorAll("link[rel~='icon'], link[rel='apple-touch-icon']")].map((link) => ({
    rel: link.getAttribute("rel"),
    href: link.getAttribute("href") ?? "",
    sizes: link.getAttribute("sizes") ?? "(no sizes)",
  }));

  it("names the tab's icon and the home screen's, as the app's pages do", () => {
    expect(links.map(({ rel, href }) => [rel, href])).toEqual([
      ["icon", "/favicon.png"],
      ["apple-touch-icon", "/apple-touch-icon.png"],
    ]);
  });

  it("names PNGs of the sizes it declares", async () => {
    for (const link of links) {
      const { format, size } = await png(link.href);
      expect(format, link.href).toBe("png");
      expect(size, link.href).toBe(link.sizes);
    }
  });
});

describe("a push notification's icons", () => {
  type Shown = { title: string; options: { body: string; tag?: string; icon: string; badge: string } };

  /** public/push-sw.js run as the browser runs it, given one push of `payload`; what it showed. */
  async function showPush(payload: unknown): Promise<Shown> {
    const handlers = new Map<string, (event: unknown) => void>();
    const shown: Shown[] = [];
    const self = {
      addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
      registration: {
        showNotification: async (title: string, options: Shown["options"]) => {
          shown.push({ title, options });
        },
      },
      location: { origin: "https://flagline.example" },
    };
    runInNewContext(readFileSync(join(PUBLIC, "push-sw.js"), "utf8"), { self, URL });
    const pending: Promise<unknown>[] = [];
    handlers.get("push")!({
      data: { json: () => payload, text: () => JSON.stringify(payload) },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    await Promise.all(pending);
    expect(shown).toHaveLength(1);
    return shown[0]!;
  }

  it("shows the score with the app's PNG icon and a white flag badge a phone's status bar can draw", async () => {
    const { title, options } = await showPush({
      title: "Harbor Hawks 14, Eagles 7",
      body: "Touchdown",
      tag: "game-1",
      at: 1,
      url: "/follow/x",
    });
    expect(title).toBe("Harbor Hawks 14, Eagles 7");
    expect(options).toMatchObject({ body: "Touchdown", tag: "game-1" });

    const icon = await png(options.icon);
    expect(icon.format).toBe("png");
    expect(icon.size).toBe("192x192");

    const badge = await png(options.badge);
    expect(badge.format).toBe("png");
    expect(badge.size).toBe("96x96");
    // Android draws a badge from its alpha channel alone: a mark in white on nothing, and the mark is there.
    const { data, info } = await sharp(badge.file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let drawn = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i + 3] === 0) continue;
      drawn++;
      expect([data[i], data[i + 1], data[i + 2]], `pixel ${i / info.channels}`).toEqual([255, 255, 255]);
    }
    expect(drawn / (info.width * info.height)).toBeGreaterThan(0.1);
  });
});
