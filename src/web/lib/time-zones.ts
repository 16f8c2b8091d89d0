import { DEFAULT_TIME_ZONE } from "#domain/schedule";

/** Every zone this browser knows, for a searchable list ("UTC" first): the team's and a league's zone. */
export function knownZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [DEFAULT_TIME_ZONE, ...zones.filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}

/** The zone this browser is in, when it says. */
export function viewerZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
