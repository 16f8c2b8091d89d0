import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { actingChild, setActingChild } from "./acting-child";
import { apiFetch, isApiError } from "./api";
import { claimApiCache } from "./api-cache";
import { dropEarly, takeEarlyMe } from "./early-fetch";
import { workerControlsPage } from "./offline-reads";
import { isOfflineCached, SESSION_QUERY_KEY } from "./query-keys";
import { writeRoleHint } from "./role-hint";
import { parseMeResponse, type Me } from "./session";
import { isGuardedPath } from "./session-paths";
import { forgetThisPushDevice } from "./push-sign-out";

/**
 * Thrown when the session check got no answer it can trust (network failure, 5xx). The first check treats it
 * as signed out (docs/product.md §4); a later background re-check keeps the user it already had, so a coach logging plays
 * on a flaky sideline connection is not thrown out to the login page.
 */
export class SessionCheckFailed extends Error {
  override readonly name = "SessionCheckFailed";
}

/**
 * GET /api/me. A 200 holding a valid user means signed in; any 4xx (401, a missing profile) or a 200 without a
 * usable user means signed out (null). Network failures and 5xx throw SessionCheckFailed.
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<Me | null> {
  let payload: unknown;
  try {
    // The first check of a signed-in screen reads the request its HTML already made (decision 0017).
    payload = await apiFetch<unknown>("/api/me", { signal, early: takeEarlyMe() });
  } catch (error) {
    // Acting for a child who is no longer theirs (the coach took the guardian off): the guardian is themselves again.
    if (isApiError(error, 403) && actingChild() !== null) {
      setActingChild(null);
      return fetchSessionUser(signal);
    }
    if (isApiError(error) && error.status >= 400 && error.status < 500) return null;
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new SessionCheckFailed(error instanceof Error ? error.message : "Session check failed");
  }
  return parseMeResponse(payload);
}

type SessionStatus = "loading" | "signed-in" | "signed-out";

export interface SessionValue {
  status: SessionStatus;
  /**
   * True from the moment logout starts until the app has left the page it was on. Guards then show nothing
   * rather than sending the departing user to /login.
   */
  loggingOut: boolean;
  /** The signed-in user; null while loading and when signed out. */
  user: Me | null;
  /** Stores the user a login or signup answered with, so no second round trip is needed. */
  setUser: (user: Me | null) => void;
  /**
   * Ends the session on the server, runs `beforeClear` (useLogout navigates to "/" there, so a protected page
   * never sees the signed-out state and bounces to /login), then forgets everything cached for this user.
   */
  signOut: (beforeClear?: () => void | Promise<void>) => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [logoutPhase, setLogoutPhase] = useState<"idle" | "running" | "done">("idle");

  // The cached API answers become the signed-in user's. When that made them a new key, the reads already answered
  // (the page's early reads race the session check) were stored under the old one and deleted: the screen reads
  // again instead of taking its early answers, the offline reads on screen are read again, and who is signed in
  // (the guard's read offline), so the worker keeps them for this user (issue #33).
  // With no worker controlling the page (a first visit, or storage just cleared) nothing went through one, and a
  // read made again would not either: the logger reads them again once its worker takes control (logger-page.tsx).
  const claim = useCallback(
    async (userId: string | null) => {
      if (!(await claimApiCache(userId)) || userId === null || !workerControlsPage()) return;
      dropEarly();
      void queryClient.invalidateQueries({ predicate: (q) => isOfflineCached(q.queryKey) });
      apiFetch("/api/me").catch(() => {});
    },
    [queryClient],
  );

  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const askedAt = Date.now();
      let user: Me | null;
      try {
        user = await fetchSessionUser(signal);
      } catch (error) {
        // First check: no answer means signed out (docs/product.md §4). Later re-checks keep the user they had.
        if (queryClient.getQueryData(SESSION_QUERY_KEY) === undefined) {
          dropEarly();
          return null;
        }
        throw error;
      }
      // A sign-in, sign-up or sign-out that answered while this check was in flight is newer than the answer to a
      // request sent before it (on a slow phone the login page's first check can come back "signed out" after the
      // sign-in): keep what it stored instead of throwing the user back to /login.
      const newer = (): Me | null | undefined => {
        const stored = queryClient.getQueryState<Me | null>(SESSION_QUERY_KEY);
        return stored && stored.dataUpdatedAt >= askedAt ? stored.data : undefined;
      };
      const before = newer();
      if (before !== undefined) return before;
      // Signed out: the screen's early reads will never be asked for (issue #26.16).
      if (user === null) dropEarly();
      // A trusted answer: if it is signed out or someone else (a session revoked or replaced elsewhere), the
      // service worker's cached API answers of the last user are deleted before anything can show them.
      await claim(user?.id ?? null);
      // Clearing the cache takes several Cache Storage calls (long on a busy phone): a sign-in can answer meanwhile,
      // and is still newer than this answer (issue #33: the coach was sent back to /login).
      const after = newer();
      return after === undefined ? user : after;
    },
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

  const setUser = useCallback(
    (user: Me | null) => {
      // A sign-in or sign-up is the account itself: whatever child this tab acted for is forgotten.
      if (!user?.actingGuardian) setActingChild(null);
      queryClient.setQueryData<Me | null>(SESSION_QUERY_KEY, user);
      void claim(user?.id ?? null);
    },
    [queryClient, claim],
  );

  const signOut = useCallback(
    async (beforeClear?: () => void | Promise<void>) => {
      setLogoutPhase("running");
      // Signing out is the account's, never a child's (and the next person on this phone starts as themselves).
      setActingChild(null);
      // This browser's notifications were the account's: they stop with it (a shared phone or tablet).
      await forgetThisPushDevice();
      try {
        await apiFetch("/api/session", { method: "DELETE" });
      } catch {
        // Signed out locally either way; an expired or already-deleted session is not an error for the user.
      }
      // The service worker's cached answers of this user go before anything else can ask for them.
      await claimApiCache(null);
      await beforeClear?.();
      await queryClient.cancelQueries();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData<Me | null>(SESSION_QUERY_KEY, null);
      setLogoutPhase("done");
    },
    [queryClient],
  );

  // Router updates render in a transition, so the protected page being left can still be on screen after
  // navigate() resolves and the user is cleared; the flag is dropped once a render shows a page outside the
  // guarded areas.
  if (logoutPhase === "done" && !isGuardedPath(pathname)) setLogoutPhase("idle");
  const loggingOut = logoutPhase !== "idle";

  const user = query.data ?? null;
  const status: SessionStatus = query.isPending ? "loading" : user ? "signed-in" : "signed-out";
  const hintRole = status === "loading" ? undefined : (user?.role ?? null);
  // The role hint the public pages read before their first paint (lib/role-hint.ts).
  useEffect(() => {
    if (hintRole !== undefined) writeRoleHint(hintRole);
  }, [hintRole]);

  const value = useMemo<SessionValue>(
    () => ({ status, loggingOut, user, setUser, signOut }),
    [status, loggingOut, user, setUser, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error("useSession() must be used inside <SessionProvider>");
  return value;
}

/** Logout (docs/product.md §2): sign out on the server, go to "/", clear the user and every cached query. */
export function useLogout(): () => Promise<void> {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => signOut(() => navigate("/")), [signOut, navigate]);
}

/**
 * A guardian starts (a child's id) or ends (null) acting for a child in this tab (docs/product.md §13): nothing read
 * as the one is kept for the other, the session check answers as the new one, then the app goes to `to`.
 */
export function useActAsChild(): (childId: string | null, to: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (childId: string | null, to: string) => {
      await queryClient.cancelQueries();
      setActingChild(childId);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
      await navigate(to);
    },
    [queryClient, navigate],
  );
}

/**
 * True while a guardian views a child who has a sign-in of their own (docs/product.md §13): the screens are the
 * child's to read, and every change is the child's to make (the server refuses it).
 */
export function useActingReadOnly(): boolean {
  return useSession().user?.actingGuardian?.readOnly === true;
}

/** The signed-in user, for pages behind a role guard (which renders them only when there is one). */
export function useCurrentUser(): Me {
  const { user } = useSession();
  if (!user) throw new Error("useCurrentUser() is only for pages behind a role guard");
  return user;
}
