import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LogIn, UserRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { meSchema } from "#domain/account";
import { joinBodySchema, type JoinBody } from "#domain/api/team-settings";
import { z } from "#domain/zod";
import { apiFetch } from "~/lib/api";
import { SESSION_QUERY_KEY } from "~/lib/query-keys";
import type { Me } from "~/lib/session";
import { dashboardPath } from "~/lib/session-paths";
import { useSession } from "~/lib/session-context";
import { AppPageHeader, FormCard } from "~/ui/app-page";
import { submitErrorMessage } from "~/ui/form-errors";
import { FormOutcome, InputField, useFormOutcome } from "~/ui/form-field";
import { NoticesPanel } from "~/ui/notices-panel";
import { formatDateTime, possessive } from "~/ui/format";

const joinResponseSchema = z.object({ user: meSchema });

/** POST /api/me/join: the team code (players) or coach invite code (coaches). */
async function joinTeam(code: string): Promise<Me> {
  return joinResponseSchema.parse(await apiFetch("/api/me/join", { method: "POST", json: { code } })).user;
}

/**
 * What a signed-in player or coach with no team sees on every page of their area (docs/product.md §6): whose
 * roster they are no longer on, that their account and stats are kept, and a form to join a team with a code.
 * Shown by the role guard (app/guards.tsx) instead of the page's error.
 */
export function NoLongerOnTeamPage({ user }: { user: Me }) {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { formError, setFormError, notice, clear } = useFormOutcome();
  const isPlayer = user.role === "player";
  const codeName = isPlayer ? "Team code" : "Coach invite code";
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<JoinBody>({ resolver: zodResolver(joinBodySchema), defaultValues: { code: "" } });

  const join = useMutation({
    mutationFn: (values: JoinBody) => joinTeam(values.code),
    onSuccess: async (joined) => {
      // What was read while off the team (403s) is forgotten; the new team's screens load fresh.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      setUser(joined);
      await navigate(dashboardPath(joined.role));
    },
    onError: (error) =>
      setFormError(submitErrorMessage(error, ["code"], setError, "You could not join the team. Please try again.")),
  });

  const former = user.formerTeam ?? null;
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <AppPageHeader
        eyebrow={isPlayer ? "Player" : "Coach"}
        title={former ? `You're no longer on ${possessive(former.name)} roster` : "You're not on a team"}
        lead={
          former
            ? `A coach took you off the team${former.leftAt ? ` on ${formatDateTime(former.leftAt)}` : ""}.`
            : "Your account is not linked to a team."
        }
      />
      <p className="text-stone-700">
        {/* Only a player taken off a team that still exists keeps stats there: a team its lone head coach deleted went
            with its games and stats (docs/product.md §11), and the page then knows no former team. */}
        {isPlayer
          ? former
            ? "Your account, your profile and the stats logged for you are kept. To play for a team again — this one or another — ask the coach for the team code and enter it below."
            : "To play for a team, ask its coach for the team code and enter it below. Your account and your profile are kept."
          : "Your account is kept. To coach a team again, ask its head coach for the coach invite code and enter it below."}
      </p>
      {/* The coach's decision in their words (docs/product.md §11 Notices): why the player is off the team. */}
      <NoticesPanel />
      <FormCard title="Join a team" icon={<LogIn aria-hidden="true" className="size-5 text-field-700" />}>
        <form
          noValidate
          className="mt-5 space-y-4"
          onSubmit={handleSubmit((values) => {
            clear();
            join.mutate(values);
          })}
        >
          <InputField
            label={codeName}
            hint={isPlayer ? "Ask your coach for it." : "Given to you by your head coach."}
            error={errors.code?.message}
            {...register("code")}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="input font-mono tracking-widest uppercase"
          />
          <FormOutcome error={formError} notice={notice} />
          <button type="submit" className="btn btn-primary" disabled={join.isPending}>
            {join.isPending ? "Joining…" : "Join team"}
          </button>
        </form>
      </FormCard>
      {isPlayer ? (
        <p>
          <Link to="/player/profile" className="inline-flex items-center gap-2 font-semibold text-field-800 underline">
            <UserRound aria-hidden="true" className="size-4" /> My Profile
          </Link>
        </p>
      ) : null}
    </div>
  );
}
