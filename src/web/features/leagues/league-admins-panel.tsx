import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { LeagueDetail } from "#domain/api/leagues";
import { leagueKeys } from "~/lib/query-keys";
import { useCurrentUser } from "~/lib/session-context";
import { Panel } from "~/ui/app-page";
import { CopyButton } from "~/ui/copy-button";
import { FormOutcome } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { inviteCoAdmin, removeCoAdmin } from "./api";

/**
 * Who runs the league (docs/product.md §17): its owner and co-admins, a single-use co-admin link to hand on, the
 * owner taking a co-admin off, and a co-admin stepping down.
 */
export function LeagueAdminsPanel({ league }: { league: LeagueDetail }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const invite = useMutation({
    mutationFn: () => inviteCoAdmin(league.id),
    onSuccess: (made) => setLink({ url: `${window.location.origin}${made.path}`, expiresAt: made.expiresAt }),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => removeCoAdmin(league.id, userId),
    onSuccess: async (_, userId) => {
      if (userId === user.id) {
        await queryClient.invalidateQueries({ queryKey: leagueKeys.mine() });
        await navigate("/leagues");
        return;
      }
      await queryClient.invalidateQueries({ queryKey: leagueKeys.detail(league.id) });
    },
  });
  return (
    <Panel title="Admins" icon={<ShieldCheck className="size-5" />}>
      <ul className="divide-y divide-stone-200">
        {league.admins.map((admin) => (
          <li key={admin.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {admin.name}{" "}
              <span className="text-sm text-stone-600">· {admin.role === "owner" ? "Owner" : "Co-admin"}</span>
            </span>
            {admin.role === "co_admin" && (league.role === "owner" || admin.id === user.id) ? (
              <button
                type="button"
                className="btn btn-secondary py-2"
                disabled={remove.isPending}
                onClick={() => remove.mutate(admin.id)}
              >
                {admin.id === user.id ? (
                  "Step down"
                ) : (
                  <>
                    Take off<span className="sr-only"> {admin.name}</span>
                  </>
                )}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-3 space-y-2">
        <button type="button" className="btn btn-secondary" disabled={invite.isPending} onClick={() => invite.mutate()}>
          Invite a co-admin
        </button>
        {link ? (
          <div className="space-y-1 text-sm">
            <p>
              Send this link to the person who will help run the league. It works once, until{" "}
              {formatDateTime(link.expiresAt)}:
            </p>
            <p className="break-all font-mono">{link.url}</p>
            <CopyButton text={link.url} label="Copy the co-admin link" />
          </div>
        ) : null}
        <FormOutcome
          error={
            invite.error
              ? describeError(invite.error, "The link could not be made.")
              : remove.error
                ? describeError(remove.error, "Not taken off.")
                : null
          }
          notice={null}
        />
      </div>
    </Panel>
  );
}
