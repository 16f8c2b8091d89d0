import { createMiddleware } from "hono/factory";
import { getProfile } from "../db/teams.js";
import type { AppContext, AppEnv, Viewer } from "./context.js";
import { forbidden, unauthenticated } from "./errors.js";

/** The signed-in caller with their profile, looked up once per request; null when signed out or profile-less. */
export async function getViewer(c: AppContext): Promise<Viewer | null> {
  const cached = c.get("viewer");
  if (cached !== undefined) return cached;
  const { auth, database } = c.get("services");
  let viewer: Viewer | null = null;
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (session) {
    const profile = await getProfile(database.db, session.user.id);
    if (profile) {
      viewer = {
        userId: session.user.id,
        email: session.user.email,
        role: profile.role,
        coachRole: profile.coachRole,
        teamId: profile.teamId,
        fullName: profile.fullName,
        sessionId: session.session.id,
      };
    }
  }
  c.set("viewer", viewer);
  return viewer;
}

export async function requireViewer(c: AppContext): Promise<Viewer> {
  const viewer = await getViewer(c);
  if (!viewer) throw unauthenticated();
  return viewer;
}

export type TeamViewer = Viewer & { teamId: string };

/** A coach of a team: the only caller allowed on coach endpoints. Team comes from the session, never the request. */
export async function requireCoach(c: AppContext): Promise<TeamViewer> {
  const viewer = await requireViewer(c);
  if (viewer.role !== "coach" || !viewer.teamId) throw forbidden();
  return viewer as TeamViewer;
}

export async function requirePlayer(c: AppContext): Promise<TeamViewer> {
  const viewer = await requireViewer(c);
  if (viewer.role !== "player" || !viewer.teamId) throw forbidden();
  return viewer as TeamViewer;
}

/*
 * Route middleware: the role check runs before the route's input validation, so a caller who may not use an
 * endpoint learns nothing from it, not even whether their input was valid. Attached per route, not with
 * `use("/api/team/*")`: other modules serve paths under /api/team (the live stream is open to players).
 */
export const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
  await requireViewer(c);
  await next();
});

export const coachOnly = createMiddleware<AppEnv>(async (c, next) => {
  await requireCoach(c);
  await next();
});

export const playerOnly = createMiddleware<AppEnv>(async (c, next) => {
  await requirePlayer(c);
  await next();
});
