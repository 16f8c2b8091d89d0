import { describe, expect, it } from "vitest";
import { forwardedClientAddress } from "./client-ip.js";

describe("the client address behind trusted proxies (TRUST_PROXY hops)", () => {
  it("trusts no header when no proxy is trusted", () => {
    expect(forwardedClientAddress("203.0.113.7", 0)).toBeNull();
  });

  it("with one hop takes the right-most entry, never one the client wrote on the left", () => {
    expect(forwardedClientAddress("203.0.113.7", 1)).toBe("203.0.113.7");
    expect(forwardedClientAddress("6.6.6.6, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(forwardedClientAddress("1.1.1.1,2.2.2.2 ,  203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("with N hops takes the N-th entry from the right", () => {
    const header = "6.6.6.6, 203.0.113.7, 10.0.0.2, 10.0.0.3";
    expect(forwardedClientAddress(header, 2)).toBe("10.0.0.2");
    expect(forwardedClientAddress(header, 3)).toBe("203.0.113.7");
    expect(forwardedClientAddress(header, 4)).toBe("6.6.6.6");
  });

  it("with fewer entries than hops takes the left-most; without a usable header, none", () => {
    expect(forwardedClientAddress("203.0.113.7, 10.0.0.2", 5)).toBe("203.0.113.7");
    expect(forwardedClientAddress(undefined, 2)).toBeNull();
    expect(forwardedClientAddress(" , ,", 1)).toBeNull();
  });

  it("ignores empty entries and keeps an address to a bounded length", () => {
    expect(forwardedClientAddress("6.6.6.6,, 203.0.113.7,", 1)).toBe("203.0.113.7");
    expect(forwardedClientAddress(`x${"a".repeat(500)}`, 1)).toHaveLength(64);
  });
});
