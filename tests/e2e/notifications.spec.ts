import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { CONSENT_VERSION } from "#domain/family";
import { startPushService, type LocalPushService } from "../server/support/push-service";
import { PASSWORD, seedTeam, signInQuick, uniqueEmail } from "./helpers";
import { today } from "./logger-helpers";
import { received, showInServiceWorker, usePushDevice } from "./push-helpers";

/*
 * docs/product.md §16 (issue #30): a guardian turns notifications on for their phone from the Family page, gets the
 * test notification, then the kickoff and the score of their child's game as the coach logs it (named by first name
 * and number), and a tap's address opens the game's follow page; turning the phone off, or signing out on it, stops
 * them.
 */

let push: LocalPushService;
test.beforeAll(async () => {
  push = await startPushService();
});
test.afterAll(async () => {
  await push?.close();
});

test("a guardian turns on notifications on the phone and gets the score of the child's game", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const { coach, players } = await seedTeam({
    teamName: "Harbor Hawks",
    players: [{ fullName: "Ada Passer", jerseyNumber: 7, primaryPosition: "qb" }],
  });
  await signInQuick(page, coach.email);
  const added = await page.request.post("/api/team/roster", {
    data: { fullName: "Maya Rivera", jerseyNumber: 4, primaryPosition: "wr" },
  });
  expect(added.status(), await added.text()).toBe(201);
  const maya = ((await added.json()) as { player: { id: string } }).player.id;
  const invite = await page.request.post(`/api/team/players/${maya}/guardian-invites`);
  const { token } = (await invite.json()) as { token: string };

  // The guardian's phone: its browser's push subscription is a device of the loopback push service.
  const device = push.device();
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await usePushDevice(phoneContext, device);
  const phone = await phoneContext.newPage();
  const rosa = uniqueEmail("rosa");
  const taken = await phone.request.post(`/api/guardian-invites/${token}`, {
    data: {
      consent: true,
      consentVersion: CONSENT_VERSION,
      fullName: "Rosa Rivera",
      email: rosa,
      password: PASSWORD,
    },
  });
  expect(taken.status(), await taken.text()).toBe(201);

  await phone.goto("/family");
  // A guardian-only account names itself here (coaches see it among Maya's guardians).
  const name = phone.getByRole("region", { name: "Your name" });
  await name.getByLabel("Full name").fill("Rosa Rivera-Lopez");
  await name.getByRole("button", { name: "Save name" }).click();
  await expect(name.getByText("Saved: you are Rosa Rivera-Lopez.")).toBeVisible();
  const card = phone.getByRole("region", { name: "Notifications" });
  await card.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(card.getByText("Notifications are on for this device.")).toBeVisible();
  await expect(card.getByRole("listitem").filter({ hasText: "(this device)" })).toHaveCount(1);
  await card.getByRole("button", { name: "Send a test notification" }).click();
  await expect(card.getByText("Test notification sent. It should arrive within a few seconds.")).toBeVisible();
  const test1 = await received(device, "Flagline");
  expect(test1.payload.body).toBe("Notifications work on this device.");
  await showInServiceWorker(phone, test1);

  // The coach's game: a follow link, then Ada's touchdown pass to Maya.
  const game = await page.request.post("/api/team/sessions", {
    data: { kind: "game", date: today(), opponent: "Eagles" },
  });
  const gameId = ((await game.json()) as { session: { id: string } }).session.id;
  const link = await page.request.put(`/api/team/sessions/${gameId}/follow-link`);
  expect(link.status()).toBe(200);
  const logged = await page.request.post("/api/team/snaps", {
    data: {
      snaps: [
        {
          id: randomUUID(),
          sessionId: gameId,
          period: 1,
          occurredAt: new Date().toISOString(),
          detail: { kind: "pass", passerId: players[0]!.id, targetId: maya, result: "touchdown", yards: 20 },
        },
      ],
    },
  });
  expect(logged.status(), await logged.text()).toBe(200);
  await received(device, "Kickoff: Harbor Hawks vs Eagles");
  const score = await received(device, "Harbor Hawks 6–0 Eagles");
  expect(score.payload.body).toBe("+6: Ada #7 → Maya #4, 20 yds, touchdown");
  expect(JSON.stringify(device.messages)).not.toContain("Rivera");
  await showInServiceWorker(phone, score);

  // A tap opens the game's follow page.
  expect(score.payload.url).toMatch(/^\/follow\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  await phone.goto(score.payload.url);
  await expect(phone.getByText("Ada #7 → Maya #4, 20 yds, touchdown")).toBeVisible();

  // Turned off for this phone: it is gone from the list and from the server.
  await phone.goto("/family");
  await card.getByRole("button", { name: /^Turn off notifications for .* \(this device\)$/ }).click();
  await expect(card.getByRole("button", { name: "Turn on notifications on this device" })).toBeVisible();
  await expect(card.getByText("Your devices")).toHaveCount(0);
  const left = await phone.request.get("/api/me/push");
  expect(((await left.json()) as { devices: unknown[] }).devices).toEqual([]);

  // On again, then signed out: a shared phone stops getting the account's notifications.
  await card.getByRole("button", { name: "Turn on notifications on this device" }).click();
  await expect(card.getByText("Notifications are on for this device.")).toBeVisible();
  const mainNav = phone.getByRole("navigation", { name: "Main" });
  await mainNav.getByRole("button", { name: "Menu" }).click();
  await mainNav.getByRole("button", { name: "Logout" }).click();
  await expect(phone).toHaveURL(/\/$/);
  await signInQuick(phone, rosa);
  const afterSignOut = await phone.request.get("/api/me/push");
  expect(((await afterSignOut.json()) as { devices: unknown[] }).devices).toEqual([]);
  expect(push.refused).toEqual([]);
  await phoneContext.close();
});
