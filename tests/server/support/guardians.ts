import { CONSENT_VERSION } from "#domain/family.js";
import { PASSWORD, TestClient, uniqueEmail, type createTestApp } from "./test-client.js";

type TestApp = ReturnType<typeof createTestApp>["app"];

export interface TestGuardian {
  client: TestClient;
  email: string;
  /** The guardian's user id. */
  id: string;
}

/**
 * A new guardian account for the player: the coach's guardian link taken with consent, as a parent does
 * (docs/product.md §13).
 */
export async function addGuardian(
  app: TestApp,
  coach: TestClient,
  playerId: string,
  fullName = "Rosa Rivera",
): Promise<TestGuardian> {
  const invite = await coach.post<{ token: string }>(`/api/team/players/${playerId}/guardian-invites`);
  if (invite.status !== 201) throw new Error(`guardian invite: ${invite.status} ${JSON.stringify(invite.body)}`);
  const client = new TestClient(app);
  const email = uniqueEmail("guardian");
  const taken = await client.post<{ user: { id: string } }>(`/api/guardian-invites/${invite.body.token}`, {
    consent: true,
    consentVersion: CONSENT_VERSION,
    fullName,
    email,
    password: PASSWORD,
  });
  if (taken.status !== 201) throw new Error(`guardian invite taken: ${taken.status} ${JSON.stringify(taken.body)}`);
  return { client, email, id: taken.body.user.id };
}
