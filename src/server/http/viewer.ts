import { createMiddleware } from "hono/factory";
import { guardianAccount } from "../db/guardians.js";
import { asChild } from "./acting-for-child.js";
import { getProfile } from "../db/teams.js";
import type { SessionOfToken } from "../db/auth-sessions.js";
import { quickSession } from "../auth/session-check.js";
import { sessionTokenOf, viewerCacheOf } from "../realtime/viewer-cache.js";
import type { Viewer } from "../services.js";
import type { AppContext, AppEnv } from "./context.js";
import { ApiError, forbidden, unauthenticated } from "./errors.js";

/** The signed-in caller with their profile, looked up once per request; null when signed out or profile-less. */
export async function getViewer<E extends AppEnv>(c: AppContext<E>): Promise<Viewer | null> {
  const cached = c.get("viewerLookup");
  if (cached !== undefined) return cached;
  const viewer = await currentViewer(c);
  c.set("viewerLookup", viewer);
  return viewer;
}

/**
 * The caller as of now (not memoized per request: a long-lived stream re-checks with it): through the viewer cache
 * (decision 0016) by session token; a request without the session cookie asks Better Auth directly.
 */
export async function currentViewer<E extends AppEnv>(c: AppContext<E>): Promise<Viewer | null> {
  const token = sessionTokenOf(c.req.header("cookie"));
  const signedIn = token
    ? await viewerCacheOf(c.get("services").hub).get(token, () => lookupViewer(c))
    : ((await lookupViewer(c))?.viewer ?? null);
  // A guardian acting for a child is that child here (docs/product.md §13).
  return asChild(c, signedIn);
}

/** The request's session: checked quickly when Better Auth would only read it, else by Better Auth (decision 0045). */
async function sessionOf<E extends AppEnv>(c: AppContext<E>): Promise<SessionOfToken | null> {
  const { auth, database, config } = c.get("services");
  const quick = await quickSession(database.db, auth, config.authSecret, c.req.header("cookie"));
  if (quick !== "ask") return quick;
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return null;
  return {
    sessionId: session.session.id,
    userId: session.user.id,
    email: session.user.email,
    expiresAt: new Date(session.session.expiresAt).getTime(),
  };
}

/** The session and the profile behind this request, and when the session expires. */
async function lookupViewer<E extends AppEnv>(c: AppContext<E>): Promise<{ viewer: Viewer; expiresAt: number } | null> {
  const { database } = c.get("services");
  const session = await sessionOf(c);
  if (!session) return null;
  const { sessionId, userId, email, expiresAt } = session;
  const profile = await getProfile(database.db, userId);
  if (!profile) {
    // A guardian-only account (docs/product.md §13) has no profile: on no team, a guardian.
    const guardian = await guardianAccount(database.db, userId);
    if (!guardian) return null;
    const viewer = {
      userId,
      email,
      role: "guardian",
      coachRole: null,
      teamId: null,
      fullName: guardian.fullName,
    } as const;
    return { viewer: { ...viewer, sessionId }, expiresAt };
  }
  return {
    viewer: {
      userId,
      email,
      role: profile.role,
      coachRole: profile.coachRole,
      teamId: profile.teamId,
      fullName: profile.fullName,
      sessionId,
    },
    expiresAt,
  };
}

async function requireViewer<E extends AppEnv>(c: AppContext<E>): Promise<Viewer> {
  const viewer = await getViewer(c);
  if (!viewer) throw unauthenticated();
  return viewer;
}

export type TeamViewer = Viewer & { teamId: string };

/** A coach of a team: the only caller allowed on coach endpoints. Team comes from the session, never the request. */
export async function requireCoach<E extends AppEnv>(c: AppContext<E>): Promise<TeamViewer> {
  const viewer = await requireViewer(c);
  if (viewer.role !== "coach" || !viewer.teamId) throw forbidden();
  return viewer as TeamViewer;
}

/** The head coach of a team: the team's codes (rotating them). An assistant coach is refused like a player. */
async function requireHeadCoach<E extends AppEnv>(c: AppContext<E>): Promise<TeamViewer> {
  const viewer = await requireCoach(c);
  if (viewer.coachRole !== "head") throw forbidden();
  return viewer;
}

/** Any member of a team, coach or player (the live stream). */
async function requireTeamMember<E extends AppEnv>(c: AppContext<E>): Promise<TeamViewer> {
  const viewer = await requireViewer(c);
  if (!viewer.teamId) throw forbidden();
  return viewer as TeamViewer;
}

/**
 * A player or coach: an account with a profile. A guardian-only account (docs/product.md §13) has none: its
 * children's profiles are reached by acting for them.
 */
async function requireProfileOwner<E extends AppEnv>(c: AppContext<E>): Promise<Viewer> {
  const viewer = await requireViewer(c);
  if (viewer.role === "guardian") throw new ApiError(403, "guardian_account", GUARDIAN_NO_PROFILE);
  return viewer;
}

const GUARDIAN_NO_PROFILE =
  "A guardian account has no profile and joins no team of its own: your children's places are under Family.";

/** A guardian-only account: its own name (a player's or coach's name is their profile's). */
async function requireGuardianAccount<E extends AppEnv>(c: AppContext<E>): Promise<Viewer> {
  const viewer = await requireViewer(c);
  if (viewer.role !== "guardian") throw new ApiError(403, "name_on_profile", NAME_ON_PROFILE);
  return viewer;
}

const NAME_ON_PROFILE = "Change your name on your profile: this account's name is its profile's.";

async function requirePlayer<E extends AppEnv>(c: AppContext<E>): Promise<TeamViewer> {
  const viewer = await requireViewer(c);
  if (viewer.role !== "player" || !viewer.teamId) throw forbidden();
  return viewer as TeamViewer;
}

/** What a role middleware puts on the context: the checked caller, typed for the route's handler (`c.var.viewer`). */
export type ViewerEnv<V extends Viewer> = { Variables: { viewer: V } };

/**
 * Route middleware: the role check runs before the route's input validation, so a caller who may not use an
 * endpoint learns nothing from it, not even whether their input was valid. Attached per route, not with
 * `use("/api/team/*")`: other modules serve paths under /api/team (the live stream is open to players).
 * The checked viewer goes on the context; the handler reads `c.var.viewer` and checks nothing again.
 */
function roleMiddleware<V extends Viewer>(check: (c: AppContext<AppEnv & ViewerEnv<V>>) => Promise<V>) {
  return createMiddleware<AppEnv & ViewerEnv<V>>(async (c, next) => {
    c.set("viewer", await check(c));
    await next();
  });
}

export const signedInOnly = roleMiddleware<Viewer>(requireViewer);
export const profileOwnerOnly = roleMiddleware<Viewer>(requireProfileOwner);
export const guardianAccountOnly = roleMiddleware<Viewer>(requireGuardianAccount);
export const coachOnly = roleMiddleware<TeamViewer>(requireCoach);
export const headCoachOnly = roleMiddleware<TeamViewer>(requireHeadCoach);
export const playerOnly = roleMiddleware<TeamViewer>(requirePlayer);
export const teamMemberOnly = roleMiddleware<TeamViewer>(requireTeamMember);
