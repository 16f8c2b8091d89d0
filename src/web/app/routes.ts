import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * docs/product.md §2: every screen and its route. Each module is its own chunk, loaded when its route is first visited.
 * The public pages are prerendered (react-router.config.ts); the rest render in the browser.
 */
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("features", "routes/public/features.tsx"),
    route("how-it-works", "routes/public/how-it-works.tsx"),
    route("pricing", "routes/public/pricing.tsx"),
    route("about", "routes/public/about.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("login", "routes/public/login.tsx"),
    route("signup", "routes/public/signup.tsx"),
    // Password recovery and email confirmation (docs/product.md §11): rendered in the browser, not prerendered.
    route("forgot-password", "routes/public/forgot-password.tsx"),
    route("reset-password", "routes/public/reset-password.tsx"),
    route("confirm-email", "routes/public/confirm-email.tsx"),
    // A roster invite link (docs/product.md §11): rendered in the browser, not prerendered.
    route("claim/:token", "routes/public/claim.tsx"),
    // A coach's guardian link (docs/product.md §13): rendered in the browser, not prerendered.
    route("guardian/:token", "routes/public/guardian-invite.tsx"),
    // A reminder mail's answer link and a mail's unsubscribe link (docs/product.md §12): rendered in the browser.
    route("answer/:token", "routes/public/answer.tsx"),
    route("unsubscribe/:token", "routes/public/unsubscribe.tsx"),
    // A league's public pages (/league/:id, /league/:id/teams/:teamId; docs/product.md §17) are not the app's: the
    // server answers them as finished HTML (src/server/routes/league-pages.ts). Link to them with a plain <a>.
  ]),

  // Player only.
  layout("routes/player/layout.tsx", [
    route("player/dashboard", "routes/player/dashboard.tsx"),
    route("player/schedule", "routes/player/schedule.tsx"),
    route("player/schedule/:id", "routes/player/schedule-event.tsx"),
    route("player/profile", "routes/player/profile.tsx"),
    route("player/logs", "routes/player/logs.tsx"),
    route("player/games", "routes/player/games.tsx"),
    route("player/games/:id", "routes/player/games-box-score.tsx"),
  ]),

  // Coach only.
  layout("routes/coach/layout.tsx", [
    route("coach/dashboard", "routes/coach/dashboard.tsx"),
    route("coach/schedule", "routes/coach/schedule.tsx"),
    route("coach/schedule/:id", "routes/coach/schedule-event.tsx"),
    route("coach/team-stats", "routes/coach/team-stats.tsx"),
    route("coach/team-roster", "routes/coach/team-roster.tsx"),
    route("coach/leaderboard", "routes/coach/leaderboard.tsx"),
    route("coach/log", "routes/coach/log.tsx"),
    route("coach/player/:id", "routes/coach/player-feedback.tsx"),
    route("coach/player-detail/:id", "routes/coach/player-detail.tsx"),
    route("coach/playbook-analysis", "routes/coach/playbook-analysis.tsx"),
    route("coach/games", "routes/coach/games.tsx"),
    // A static segment outranks :id, so "rules" is never read as a game's id (session ids are UUIDs).
    route("coach/games/rules", "routes/coach/games-rules.tsx"),
    route("coach/games/sessions", "routes/coach/games-sessions.tsx"),
    route("coach/games/:id", "routes/coach/games-box-score.tsx"),
    route("coach/games/:id/participation", "routes/coach/games-participation.tsx"),
    route("coach/account", "routes/coach/account.tsx"),
    route("coach/settings", "routes/coach/settings.tsx"),
  ]),

  // A guardian's children (docs/product.md §13): any signed-in account; a guardian-only account's home.
  route("family", "routes/family.tsx"),
  // Leagues (docs/product.md §17): any signed-in account runs a league or joins one with its team.
  route("leagues", "routes/leagues.tsx"),
  route("leagues/:id", "routes/league-admin.tsx"),
  route("league-games/:id", "routes/league-game.tsx"),
  route("league-admin/:token", "routes/league-admin-invite.tsx"),
  route("league-coach/:token", "routes/league-coach-invite.tsx"),

  // The OPERATOR_EMAILS accounts' page (docs/product.md §2 "Operator"), whatever their role.
  route("operator", "routes/operator.tsx"),
  // The installed app's start address: the signed-in user's dashboard, else "/".
  route("start", "routes/start.tsx"),

  // docs/product.md §2: any unknown path redirects to "/".
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
