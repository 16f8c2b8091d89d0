import { firstName } from "~/ui/app-page";

/**
 * The coach dashboard's greeting (docs/product.md §2): a coach whose team has no session and no logged play yet is
 * new here and is welcomed, not welcomed back. Empty until both are known, so it never flips from one to the other.
 */
export function dashboardGreeting(
  fullName: string,
  team: { sessions: number | undefined; events: number | undefined } | null,
): string {
  const name = firstName(fullName);
  if (team === null) return `Welcome, ${name}.`;
  if ((team.sessions ?? 0) > 0 || (team.events ?? 0) > 0) return `Welcome back, ${name}.`;
  if (team.sessions === undefined || team.events === undefined) return "";
  return `Welcome, ${name}.`;
}
