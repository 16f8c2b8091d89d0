/** The one password every e2e account has (global-setup.ts hashes it once). */
export const PASSWORD = "correct-horse-battery";

let n = 0;
export function uniqueEmail(prefix: string): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${n}@example.com`;
}
