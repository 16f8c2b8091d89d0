import { useMutation } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useCurrentUser, useSession } from "~/lib/session-context";
import { AppPageHeader, NoTeamPanel, Panel } from "~/ui/app-page";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormMessage } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { TeamCodes } from "~/ui/team-codes";
import { rotateCode } from "./api";
import { ApiTokensPanel } from "./api-tokens-panel";
import { CoachesPanel } from "./coaches-panel";
import { TeamNameForm } from "./team-name-form";

const CODE_NAMES = { team: "team code", coach: "coach invite code" } as const;

/**
 * /coach/settings (docs/product.md §2 "Team settings"): the team's name, its codes with a way to replace them, and
 * the coaching staff. The head coach changes them; an assistant coach sees them read-only (and never the coach
 * invite code), with a note saying so. The head coach also manages the team's API tokens (§11 "API tokens"), which
 * an assistant does not see.
 */
export function TeamSettingsPage() {
  const me = useCurrentUser();
  const team = me.team;
  const isHead = me.coachRole === "head";

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={isHead ? "Head coach" : "Assistant coach"}
        title="Team Settings"
        lead={team ? `${team.name}: its name, its codes and its coaches.` : undefined}
        actions={
          <Link to="/coach/dashboard" className="btn btn-secondary">
            Back to the dashboard
          </Link>
        }
      />
      {!team ? (
        <NoTeamPanel />
      ) : (
        <>
          {isHead ? null : (
            <p role="note" className="rounded-xl border border-stone-200 bg-stone-100 p-4 text-stone-800">
              Only the head coach can change these settings. You can see them here.
            </p>
          )}
          {isHead ? (
            <TeamNameForm me={me} team={team} />
          ) : (
            <Panel title="Team name">
              <p className="text-lg font-semibold text-stone-900">{team.name}</p>
            </Panel>
          )}
          <CodesSection isHead={isHead} />
          <CoachesPanel me={me} isHead={isHead} />
          {isHead ? <ApiTokensPanel /> : null}
        </>
      )}
    </div>
  );
}

/** The codes, with `New team code` / `New coach invite code` for the head coach (after a confirmation). */
function CodesSection({ isHead }: { isHead: boolean }) {
  const me = useCurrentUser();
  const { setUser } = useSession();
  const [asking, setAsking] = useState<"team" | "coach" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: rotateCode,
    onSuccess: (codes, which) => {
      if (me.team) setUser({ ...me, team: { ...me.team, code: codes.code, coachInviteCode: codes.coachInviteCode } });
      setAsking(null);
      setNotice(`The ${CODE_NAMES[which]} is replaced. The old one no longer works for sign-up.`);
    },
  });
  if (!me.team) return null;

  return (
    <div className="space-y-3">
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <TeamCodes
        team={me.team}
        actions={
          isHead
            ? (which) => (
                <button
                  type="button"
                  className="btn mt-4 border-white/40 bg-transparent text-white hover:bg-white/10"
                  onClick={() => {
                    rotate.reset();
                    setNotice(null);
                    setAsking(which);
                  }}
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  {which === "team" ? "New team code" : "New coach invite code"}
                </button>
              )
            : undefined
        }
      />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(next) => {
          if (!next) setAsking(null);
        }}
        title={asking ? `Replace the ${CODE_NAMES[asking]}?` : ""}
        description={
          <p>
            The old code stops working for sign-up at once; anyone you gave it to needs the new one.{" "}
            {asking === "coach" ? "Coaches already on the team stay." : "Players already on the team stay."}
          </p>
        }
        confirmLabel="Replace code"
        pendingLabel="Replacing…"
        pending={rotate.isPending}
        error={rotate.error ? describeError(rotate.error, "The code could not be replaced. Please try again.") : null}
        onConfirm={() => {
          if (asking) rotate.mutate(asking);
        }}
      />
    </div>
  );
}
