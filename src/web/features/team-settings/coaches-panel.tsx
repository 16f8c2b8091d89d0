import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Crown, UserMinus, Users } from "lucide-react";
import { useState } from "react";
import type { TeamCoach } from "#domain/api/team-settings";
import { teamCoachesQuery } from "~/lib/queries";
import { teamKeys } from "~/lib/query-keys";
import { useSession } from "~/lib/session-context";
import type { Me } from "~/lib/session";
import { Panel } from "~/ui/app-page";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormMessage } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import { handOverHeadCoach, removeCoach } from "./api";

type Pending = { kind: "remove" | "handOver"; coach: TeamCoach } | null;

/**
 * The coaching staff (docs/product.md §2 "Team settings"): the head coach and the assistants with their email and
 * when they joined. The head coach may remove an assistant or make one the head coach (each after a confirmation);
 * an assistant sees the list only.
 */
export function CoachesPanel({ me, isHead }: { me: Me; isHead: boolean }) {
  const query = useQuery(teamCoachesQuery());
  const queryClient = useQueryClient();
  const { setUser } = useSession();
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const act = useMutation({
    mutationFn: async (p: NonNullable<Pending>) => {
      if (p.kind === "remove") {
        await removeCoach(p.coach.id);
        return null;
      }
      return handOverHeadCoach(p.coach.id);
    },
    onSuccess: (answer, p) => {
      setPending(null);
      if (answer) {
        queryClient.setQueryData(teamKeys.coaches(), answer);
        // This coach is an assistant now: their screens lose the head coach's controls and the invite code.
        setUser({ ...me, coachRole: "assistant", team: me.team ? { ...me.team, coachInviteCode: null } : null });
        setNotice(`${p.coach.fullName} is now the head coach. You are an assistant coach.`);
      } else {
        void queryClient.invalidateQueries({ queryKey: teamKeys.coaches() });
        setNotice(`${p.coach.fullName} was removed from the coaching staff.`);
      }
    },
  });

  const open = (p: NonNullable<Pending>) => {
    act.reset();
    setNotice(null);
    setPending(p);
  };

  return (
    <Panel title="Coaches" icon={<Users className="size-5" />}>
      {notice ? (
        <div className="mb-3">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      ) : null}
      <QueryState
        query={query}
        loading="Loading the coaches..."
        errorTitle="Error loading the coaches"
        errorMessage="The coaching staff could not be loaded. Please try again."
      >
        {(data) =>
          data.coaches.length === 0 ? (
            <EmptyState title="No coaches">Nobody coaches this team yet.</EmptyState>
          ) : (
            <ul className="divide-y divide-stone-100">
              {data.coaches.map((coach) => (
                <li key={coach.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <span className="min-w-0">
                    <span className="block font-semibold text-stone-900">
                      {coach.fullName}
                      {coach.id === me.id ? <span className="font-normal text-stone-600"> (you)</span> : null}
                    </span>
                    <span className="block text-sm break-all text-stone-600">{coach.email}</span>
                    <span className="block text-sm text-stone-600">
                      {coach.coachRole === "head" ? "Head coach" : "Assistant coach"}
                      {coach.joinedAt ? ` · Joined ${formatDateTime(coach.joinedAt)}` : null}
                    </span>
                  </span>
                  {isHead && coach.coachRole === "assistant" ? (
                    <span className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-secondary"
                        aria-label={`Make ${coach.fullName} head coach`}
                        onClick={() => open({ kind: "handOver", coach })}
                      >
                        <Crown aria-hidden="true" className="size-4" /> Make head coach
                      </button>
                      <button
                        type="button"
                        className="btn btn-secondary"
                        aria-label={`Remove ${coach.fullName}`}
                        onClick={() => open({ kind: "remove", coach })}
                      >
                        <UserMinus aria-hidden="true" className="size-4" /> Remove
                      </button>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => {
          if (!next) setPending(null);
        }}
        title={
          pending?.kind === "handOver"
            ? `Make ${pending.coach.fullName} the head coach?`
            : pending
              ? `Remove ${pending.coach.fullName} from the coaching staff?`
              : ""
        }
        description={
          pending?.kind === "handOver" ? (
            <p>
              You become an assistant coach: you keep logging plays and seeing everything, but only{" "}
              {pending.coach.fullName} can rename the team, replace its codes, see the coach invite code and manage the
              coaches.
            </p>
          ) : (
            <p>
              They can no longer see or log anything for the team. They can rejoin with the coach invite code: replace
              it first if they should not.
            </p>
          )
        }
        confirmLabel={pending?.kind === "handOver" ? "Make head coach" : "Remove coach"}
        pendingLabel={pending?.kind === "handOver" ? "Handing over…" : "Removing…"}
        pending={act.isPending}
        error={act.error ? describeError(act.error, "That did not work. Please try again.") : null}
        onConfirm={() => {
          if (pending) act.mutate(pending);
        }}
      />
    </Panel>
  );
}
