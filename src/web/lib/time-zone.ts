/** The viewer's zone in minutes east of UTC, as the API's `tzOffset` expects (UTC+2 is 120). */
export function viewerTzOffset(date: Date = new Date()): number {
  return -date.getTimezoneOffset();
}
