import { describe, expect, it } from "vitest";
import { deviceLabel, endpointAllowed, finalText, scoreText } from "./push.js";

describe("which push endpoints the server posts to", () => {
  it("a browser's push service: https on a name", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGx",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
    ]) {
      expect(endpointAllowed(endpoint, []), endpoint).toBe(true);
    }
  });

  it("no address inside a network: plain http, IP addresses, localhost, .local names, credentials", () => {
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://10.0.0.5/push",
      "https://127.0.0.1/push",
      "https://[::1]/push",
      "https://localhost/push",
      "https://printer.local/push",
      "https://intranet/push",
      "https://user:pw@fcm.googleapis.com/x",
      "not a url",
    ]) {
      expect(endpointAllowed(endpoint, []), endpoint).toBe(false);
    }
  });

  it("an origin the operator allows: any port when it names none, else only its own", () => {
    expect(endpointAllowed("http://127.0.0.1:4123/push/d1", ["http://127.0.0.1"])).toBe(true);
    expect(endpointAllowed("https://127.0.0.1:4123/push/d1", ["http://127.0.0.1"])).toBe(false);
    expect(endpointAllowed("http://10.0.0.5:9000/p", ["http://10.0.0.5:9000"])).toBe(true);
    expect(endpointAllowed("http://10.0.0.5:9001/p", ["http://10.0.0.5:9000"])).toBe(false);
  });
});

describe("how a device is named in the list", () => {
  it("browser on system, from the user agent", () => {
    expect(
      deviceLabel("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"),
    ).toBe("Chrome on Android");
    expect(
      deviceLabel(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
    expect(deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Windows",
    );
    expect(
      deviceLabel(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0",
      ),
    ).toBe("Edge on Mac");
    expect(deviceLabel(undefined)).toBe("A browser");
  });
});

describe("a game's notification words", () => {
  const game = { team: "Harbor Hawks", opponent: "Eagles", score: { us: 13, them: 7 } };
  it("a score: the line and the play, cut to a lock screen's length", () => {
    expect(scoreText(game, "Maya #7 → Leo #11, 12 yds, touchdown", "+6")).toEqual({
      title: "Harbor Hawks 13–7 Eagles",
      body: "+6: Maya #7 → Leo #11, 12 yds, touchdown",
    });
    expect(scoreText(game, "word ".repeat(100), "+6").body.length).toBeLessThanOrEqual(180);
  });
  it("the final: the result in a word", () => {
    expect(finalText(game, "W")).toEqual({
      title: "Final: Harbor Hawks 13–7 Eagles",
      body: "Win. Tap for the box score.",
    });
    expect(finalText({ ...game, opponent: null }, "T").title).toBe("Final: Harbor Hawks 13–7");
  });
});
