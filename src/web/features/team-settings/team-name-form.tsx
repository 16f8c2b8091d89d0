import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { useForm } from "react-hook-form";
import { teamNameBodySchema, type TeamNameBody } from "#domain/api/team-settings";
import { TEAM_ROOT_KEY } from "~/lib/query-keys";
import { useSession } from "~/lib/session-context";
import type { Me } from "~/lib/session";
import { FormCard } from "~/ui/app-page";
import { submitErrorMessage } from "~/ui/form-errors";
import { FormOutcome, InputField, useFormOutcome } from "~/ui/form-field";
import { renameTeam } from "./api";

/** The head coach renames the team (docs/product.md §2 "Team settings"); everyone's screens show the new name. */
export function TeamNameForm({ me, team }: { me: Me; team: NonNullable<Me["team"]> }) {
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  const { formError, setFormError, notice, setNotice, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TeamNameBody>({ resolver: zodResolver(teamNameBodySchema), defaultValues: { name: team.name } });

  const save = useMutation({
    mutationFn: (values: TeamNameBody) => renameTeam(values.name),
    onSuccess: (name) => {
      setUser({ ...me, team: { ...team, name } });
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      reset({ name });
      setNotice(`Saved. The team is now called ${name}.`);
    },
    onError: (error) =>
      setFormError(submitErrorMessage(error, ["name"], setError, "The name could not be saved. Please try again.")),
  });

  return (
    <FormCard title="Team name" lead="Shown on every coach's and player's screens.">
      <form
        noValidate
        className="mt-5 space-y-4"
        onSubmit={handleSubmit((values) => {
          clear();
          save.mutate(values);
        })}
      >
        <InputField
          label="Team name"
          error={errors.name?.message}
          {...register("name")}
          type="text"
          autoComplete="organization"
          maxLength={120}
        />
        <FormOutcome error={formError} notice={notice} />
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !isDirty}>
          <Save aria-hidden="true" className="size-4" />
          {save.isPending ? "Saving…" : "Save name"}
        </button>
      </form>
    </FormCard>
  );
}
