import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpush from "web-push";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const dataDir = mkdtempSync(join(tmpdir(), "flagline-config-"));
const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env });

describe("TRUST_PROXY: how many reverse proxies to trust", () => {
  it("unset, empty, 0 or false: none (the socket's address counts)", () => {
    for (const value of [undefined, "", "0", "false"]) expect(load({ TRUST_PROXY: value }).trustProxy, value).toBe(0);
  });

  it("1 or true: one hop; a number: that many hops", () => {
    expect(load({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: "TRUE" }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: " 3 " }).trustProxy).toBe(3);
  });

  it("anything else is refused with a clear message", () => {
    for (const value of ["yes", "-1", "1.5", "loopback", "10.0.0.0/8"]) {
      expect(() => load({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be/);
    }
  });
});

describe("OPERATOR_EMAILS: the accounts that see the operator page", () => {
  it("unset or empty: nobody", () => {
    expect(load({}).operatorEmails).toEqual([]);
    expect(load({ OPERATOR_EMAILS: " , " }).operatorEmails).toEqual([]);
  });

  it("comma-separated, trimmed, lower case, without repeats", () => {
    expect(load({ OPERATOR_EMAILS: " Ops@Example.com,second@example.org , ops@example.com" }).operatorEmails).toEqual([
      "ops@example.com",
      "second@example.org",
    ]);
  });

  it("anything that is not an email address is refused with a clear message", () => {
    for (const value of ["ops", "ops@example.com;other@example.com", "a b@example.com"]) {
      expect(() => load({ OPERATOR_EMAILS: value }), value).toThrow(/OPERATOR_EMAILS must be email addresses/);
    }
  });
});

describe("mail: SMTP_URL, MAIL_FROM, CONTACT_TO", () => {
  const smtp = { SMTP_URL: "smtp://mailer:secret@mail.example.org:587", MAIL_FROM: "Flagline <noreply@example.org>" };

  it("unset: no mail", () => {
    expect(load({}).mail).toBeNull();
    expect(load({ SMTP_URL: "", MAIL_FROM: "" }).mail).toBeNull();
  });

  it("SMTP_URL with MAIL_FROM: mail, with the contact address when CONTACT_TO is set", () => {
    expect(load(smtp).mail).toEqual({ smtpUrl: smtp.SMTP_URL, from: smtp.MAIL_FROM, contactTo: null });
    expect(load({ ...smtp, MAIL_FROM: "noreply@example.org", CONTACT_TO: " team@example.org " }).mail).toMatchObject({
      from: "noreply@example.org",
      contactTo: "team@example.org",
    });
    expect(load({ ...smtp, SMTP_URL: "smtps://mail.example.org" }).mail?.smtpUrl).toBe("smtps://mail.example.org");
  });

  it("a wrong or missing value is refused at start with a message naming the variable", () => {
    expect(() => load({ SMTP_URL: "mail example", MAIL_FROM: "a@b.org" })).toThrow(/SMTP_URL is not a URL/);
    expect(() => load({ SMTP_URL: "mail.example.org:25", MAIL_FROM: "a@b.org" })).toThrow(/smtp:\/\/ or smtps:/);
    expect(() => load({ SMTP_URL: "http://mail.example.org", MAIL_FROM: "a@b.org" })).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => load({ SMTP_URL: smtp.SMTP_URL })).toThrow(/MAIL_FROM is not/);
    expect(() => load({ ...smtp, MAIL_FROM: "Flagline" })).toThrow(/MAIL_FROM is not an email address/);
    expect(() => load({ ...smtp, CONTACT_TO: "team at example" })).toThrow(/CONTACT_TO is not an email address/);
    expect(() => load({ MAIL_FROM: "a@b.org" })).toThrow(/need SMTP_URL/);
    expect(() => load({ CONTACT_TO: "a@b.org" })).toThrow(/need SMTP_URL/);
  });
});

describe("PROCESSES: server processes sharing the port (decision 0024)", () => {
  it("unset or empty: one process", () => {
    expect(load({}).processes).toBe(1);
    expect(load({ PROCESSES: "" }).processes).toBe(1);
  });

  it("a whole number from 1 to 64 is taken as it is", () => {
    expect(load({ PROCESSES: "1" }).processes).toBe(1);
    expect(load({ PROCESSES: " 6 " }).processes).toBe(6);
  });

  it("anything else is refused with a clear message", () => {
    for (const bad of ["0", "-2", "1.5", "two", "65"]) {
      expect(() => load({ PROCESSES: bad })).toThrow(`PROCESSES must be a whole number from 1 to 64, got "${bad}"`);
    }
  });
});

describe("Web Push: the VAPID keys, their subject and the endpoints allowed", () => {
  it("a key pair is made on first start, kept in DATA_DIR (not readable by others) and the same on the next", () => {
    const dir = mkdtempSync(join(tmpdir(), "flagline-vapid-"));
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(statSync(join(dir, "vapid-keys.json")).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dir }).push).toMatchObject({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
  });

  it("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: both, and a P-256 pair, or the server does not start", () => {
    const pair = webpush.generateVAPIDKeys();
    expect(load({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }).push.publicKey).toBe(
      pair.publicKey,
    );
    expect(() => load({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => load({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/P-256 key pair/);
  });

  it("the subject: VAPID_SUBJECT, else MAIL_FROM's address, else an https PUBLIC_URL that is not localhost", () => {
    expect(load({ VAPID_SUBJECT: "mailto:ops@example.org" }).push.subject).toBe("mailto:ops@example.org");
    expect(() => load({ VAPID_SUBJECT: "ops@example.org" })).toThrow(/VAPID_SUBJECT must be a mailto: or https:/);
    expect(load({ SMTP_URL: "smtp://127.0.0.1:25", MAIL_FROM: "Flagline <noreply@club.example>" }).push.subject).toBe(
      "mailto:noreply@club.example",
    );
    expect(load({ PUBLIC_URL: "https://flagline.club.example" }).push.subject).toBe("https://flagline.club.example");
    expect(load({ PUBLIC_URL: "https://localhost:8443" }).push.subject).toBe("mailto:flagline@localhost.localdomain");
  });

  it("PUSH_ENDPOINT_ORIGINS: http(s) origins only", () => {
    expect(load({ PUSH_ENDPOINT_ORIGINS: "http://127.0.0.1, https://push.lan:8443" }).push.endpointOrigins).toEqual([
      "http://127.0.0.1",
      "https://push.lan:8443",
    ]);
    for (const bad of ["push.lan", "ftp://push.lan", "https://push.lan/path"]) {
      expect(() => load({ PUSH_ENDPOINT_ORIGINS: bad }), bad).toThrow(/PUSH_ENDPOINT_ORIGINS must be/);
    }
  });
});
