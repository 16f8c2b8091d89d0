/** A loader that asks for `load` (a dynamic import) once per page and then hands out the same promise. */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** Whether a load is under way or done (a failed one is forgotten, so the next call asks again). */
  readonly asked: () => boolean;
}

/**
 * `load`, asked for at most once per page: the chunk of code is downloaded and run once however many callers want
 * it. A load that failed (no connection, and no service worker yet) is forgotten, so the next call asks again.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return Object.assign(get, { asked: () => loading !== null });
}
