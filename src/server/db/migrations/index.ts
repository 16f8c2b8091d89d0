import type { Migration } from "kysely";
import type { Engine } from "../dialect.js";
import { authMigration } from "./001_auth.js";
import { appMigration } from "./002_app.js";
import { requestLimitsMigration } from "./003_request_limits.js";
import { snapsMigration } from "./004_snaps.js";
import { rosterMigration } from "./005_roster.js";
import { seasonsMigration } from "./007_seasons.js";
import { operatorMigration } from "./008_operator.js";
import { talliesMigration } from "./009_tallies.js";
import { windowTalliesMigration } from "./010_window_tallies.js";
import { sessionlessSpansMigration } from "./011_sessionless_spans.js";
import { sessionPeriodsMigration } from "./012_session_periods.js";
import { noticesMigration } from "./013_notices.js";
import { snapsKindIndexMigration } from "./014_snaps_kind_index.js";
import { apiTokensMigration } from "./015_api_tokens.js";
import { scheduleMigration } from "./016_schedule.js";
import { calendarFeedsMigration } from "./017_calendar_feeds.js";
import { mailOutboxMigration } from "./018_mail_outbox.js";
import { snapLineupsMigration } from "./019_snap_lineups.js";
import { mailOutboxIndexesMigration } from "./020_mail_outbox_indexes.js";
import { familiesMigration } from "./021_families.js";
import { announcementsMigration } from "./022_announcements.js";
import { followLinksMigration } from "./023_follow_links.js";
import { retentionMigration } from "./024_retention.js";
import { webPushMigration } from "./025_web_push.js";
import { guardianInviteEmailMigration } from "./026_guardian_invite_email.js";
import { leaguesMigration } from "./027_leagues.js";
import { leagueResultsMigration } from "./028_league_results.js";
import { leagueAdminInvitesMigration } from "./029_league_admin_invites.js";
import { leagueRostersMigration } from "./030_league_rosters.js";
import { leaguePlayoffsMigration } from "./031_league_playoffs.js";
import { leagueCoachInvitesMigration } from "./032_league_coach_invites.js";
import { leagueDivisionGamesMigration } from "./033_league_division_games.js";

/**
 * Every migration, by name (applied in name order). A static list rather than Kysely's FileMigrationProvider
 * because the server is bundled into one file. Migrations are built per engine for the few engine-specific
 * column types. Add new ones at the end with the next number; never edit one that has shipped.
 */
export function allMigrations(engine: Engine): Record<string, Migration> {
  return {
    "001_auth": authMigration(engine),
    "002_app": appMigration(engine),
    "003_request_limits": requestLimitsMigration(engine),
    "004_snaps": snapsMigration(engine),
    "005_roster": rosterMigration(engine),
    "007_seasons": seasonsMigration(engine),
    "008_operator": operatorMigration(engine),
    "009_tallies": talliesMigration(engine),
    "010_window_tallies": windowTalliesMigration(engine),
    "011_sessionless_spans": sessionlessSpansMigration(engine),
    "012_session_periods": sessionPeriodsMigration(engine),
    "013_notices": noticesMigration(engine),
    "014_snaps_kind_index": snapsKindIndexMigration(engine),
    "015_api_tokens": apiTokensMigration(engine),
    "016_schedule": scheduleMigration(engine),
    "017_calendar_feeds": calendarFeedsMigration(engine),
    "018_mail_outbox": mailOutboxMigration(engine),
    "019_snap_lineups": snapLineupsMigration(engine),
    "020_mail_outbox_indexes": mailOutboxIndexesMigration(engine),
    "021_families": familiesMigration(engine),
    "022_announcements": announcementsMigration(engine),
    "023_follow_links": followLinksMigration(engine),
    "024_retention": retentionMigration(engine),
    "025_web_push": webPushMigration(engine),
    "026_guardian_invite_email": guardianInviteEmailMigration(engine),
    "027_leagues": leaguesMigration(engine),
    "028_league_results": leagueResultsMigration(engine),
    "029_league_admin_invites": leagueAdminInvitesMigration(engine),
    "030_league_rosters": leagueRostersMigration(engine),
    "031_league_playoffs": leaguePlayoffsMigration(engine),
    "032_league_coach_invites": leagueCoachInvitesMigration(engine),
    "033_league_division_games": leagueDivisionGamesMigration(engine),
  };
}
