import { intQuery as domainIntQuery, tzOffsetQuery as domainTzOffsetQuery } from "#domain/api/common.js";

/** An integer query parameter (query values arrive as text), `fallback` when absent, documented as an integer. */
export function intQuery(label: string, min: number, max: number, fallback: number) {
  return domainIntQuery(label, min, max, fallback).openapi({
    type: "integer",
    minimum: min,
    maximum: max,
    default: fallback,
  });
}

/** The viewer's zone for answers that bucket times by day, documented as an integer. */
export const tzOffsetQuery = domainTzOffsetQuery.openapi({
  type: "integer",
  minimum: -840,
  maximum: 840,
  default: 0,
  description: "The viewer's zone, in minutes east of UTC (e.g. 120 for UTC+2); days are bucketed in it",
});
