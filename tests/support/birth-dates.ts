/** A birth date that makes a person `years` old and a half today, so tests about ages do not age. */
export function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - 6);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}
