/* Node resolve hook: Better Auth's password module resolves to ./fast-password.mjs (see that file). */
const FAST = new URL("./fast-password.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "@better-auth/utils/password") return { url: FAST, shortCircuit: true };
  return nextResolve(specifier, context);
}
