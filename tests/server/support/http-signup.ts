import { expect } from "vitest";

/** Signs up a head coach over HTTP on a running server (a real port, not the in-process app); returns the cookie. */
export async function signUpOverHttp(
  url: string,
  email: string,
  names: { fullName: string; teamName: string } = { fullName: "Over Http", teamName: "Sockets" },
): Promise<string> {
  const signup = await fetch(`${url}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ role: "coach", ...names, email, password: "correct-horse-battery" }),
  });
  expect(signup.status).toBe(201);
  return signup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
