import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AtSign } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { isApiError } from "~/lib/api";
import { SESSION_QUERY_KEY } from "~/lib/query-keys";
import { useSession } from "~/lib/session-context";
import { FormCard } from "~/ui/app-page";
import { applyServerFieldErrors } from "~/ui/form-errors";
import { FormOutcome, InputField, useFormOutcome } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { changeEmailSchema, type ChangeEmailInput } from "#domain/api/recovery";
import { changeEmail } from "./api";

type FormValues = z.input<typeof changeEmailSchema>;
const FIELDS = ["newEmail", "password"] as const;
const EMPTY: FormValues = { newEmail: "", password: "" };

/** Change email (docs/product.md §11): the password again; confirmed from the new address when mail is on. */
export function ChangeEmailCard() {
  const { user, setUser } = useSession();
  const queryClient = useQueryClient();
  const { formError, setFormError, notice, setNotice, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: EMPTY,
  });

  const change = useMutation({
    mutationFn: changeEmail,
    onSuccess: async (answer) => {
      reset(EMPTY);
      if (answer.status === "confirm") {
        setNotice(
          `We sent a link to ${answer.email}. Open it to start using that address; until then you keep logging in with ${user?.email ?? "your current email"}.`,
        );
        return;
      }
      if (user) setUser({ ...user, email: answer.email });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      setNotice(`Your account now uses ${answer.email}. Log in with it from now on.`);
    },
    onError: (error) => {
      if (isApiError(error, 400) || isApiError(error, 409)) {
        setFormError(applyServerFieldErrors(error, FIELDS, setError));
      } else if (isApiError(error, 429)) {
        setFormError(error.message);
      } else {
        setFormError(describeError(error, "Your email could not be changed. Please try again."));
      }
    },
  });

  const onSubmit = handleSubmit((values) => {
    clear();
    change.mutate(values);
  });

  return (
    <FormCard
      title="Change email"
      icon={<AtSign aria-hidden="true" className="size-5 text-field-700" />}
      lead={user ? `You log in with ${user.email}.` : undefined}
    >
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <InputField
          label="New email"
          error={errors.newEmail?.message}
          {...register("newEmail")}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <InputField
          label="Your password"
          hint="To make sure it is you."
          error={errors.password?.message}
          {...register("password")}
          type="password"
          autoComplete="current-password"
        />
        <FormOutcome error={formError} notice={notice} />
        <button type="submit" className="btn btn-field" disabled={change.isPending}>
          {change.isPending ? "Saving…" : "Change email"}
        </button>
      </form>
    </FormCard>
  );
}
