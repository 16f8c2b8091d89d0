import { useDeferredValue } from "react";

/**
 * `value` as of an earlier render while React draws the new one in the background (useDeferredValue: in slices,
 * the phone answering taps in between), unless one of `urgent` differs from that earlier render's: then `value`
 * itself, drawn at once. For an element, the earlier one is the same object, so React skips its subtree until the
 * background render commits.
 */
export function useDeferredUnless<T>(value: T, urgent: readonly unknown[]): T {
  const deferred = useDeferredValue({ value, urgent });
  const same = deferred.urgent.length === urgent.length && deferred.urgent.every((u, i) => Object.is(u, urgent[i]));
  return same ? deferred.value : value;
}
