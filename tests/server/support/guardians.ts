import { CONSENT_VERSION } from "#domain/family.js";
import { PASSWORD, TestClient, uniqueEmail, type createTestApp } from "./test-client.js";

type TestApp = ReturnType<typeof createTestApp>["app"];

/**
 * A guardian of the player: the coach's invite taken with consent, as a parent does (docs/product.md §13). Returns
 * the guardian's signed-in client.
 */
export async function addGuardian(
  app: TestApp,
  coach: TestClient,
  playerId: string,
  fullName = "Rosa Rivera",
): Promise<TestClient> {
  const invite = await coach.post<{ token: string }>(`/api/team/players/${playerId}/guardian-invites`);
  if (invite.status !== 201 && invite.status !== 200) {
    throw new Error(`guardian invite: ${invite.status} ${JSON.stringify(invite.body)}`);
  }
  const guardian = new TestClient(app);
  const taken = await guardian.post(`/api/guardian-invites/${invite.body.token}`, {
    consent: true,
    consentVersion: CONSENT_VERSION,
    fullName,
    email: uniqueEmail("guardian"),
    password: PASSWORD,
  });
  if (taken.status !== 201) throw new Error(`guardian invite taken: ${taken.status} ${JSON.stringify(taken.body)}`);
  return guardian;
}
