import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "#domain/zod";
import { isApiError } from "~/lib/api";
import { FormCard } from "~/ui/app-page";
import { applyServerFieldErrors } from "~/ui/form-errors";
import { FormOutcome, InputField, useFormOutcome } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { changePasswordSchema } from "#domain/api/player";
import { PASSWORD_MIN } from "#domain/schemas";
import { changePassword } from "./api";

const PASSWORDS_DIFFER = "The two new passwords do not match.";

/** The API's own rules for the two passwords (changePasswordSchema), plus the repeat that guards against a typo. */
const passwordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    const result = changePasswordSchema.safeParse({
      currentPassword: value.currentPassword,
      newPassword: value.newPassword,
    });
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    }
    if (value.confirmPassword === "") {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Enter the new password again." });
    } else if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORDS_DIFFER });
    }
  });
type PasswordForm = z.infer<typeof passwordFormSchema>;
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
const EMPTY: PasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change the password: the current one, then the new one twice. Other devices are signed out; this one stays in. */
export function PasswordForm({ email }: { email: string }) {
  const { formError, setFormError, notice, setNotice, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordForm>({ resolver: zodResolver(passwordFormSchema), defaultValues: EMPTY });

  const change = useMutation({
    mutationFn: (values: PasswordForm) =>
      changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      reset(EMPTY);
      setNotice("Your password is changed. Any other device signed in to your account has been signed out.");
    },
    onError: (error) => {
      if (isApiError(error, 400)) {
        const unplaced = applyServerFieldErrors(error, FIELDS, setError);
        setFormError(unplaced);
      } else if (isApiError(error, 429)) {
        setFormError("Too many attempts. Please wait a minute and try again.");
      } else {
        setFormError(describeError(error, "Your password could not be changed. Please try again."));
      }
    },
  });

  const onSubmit = handleSubmit((values) => {
    clear();
    change.mutate(values);
  });

  return (
    <FormCard title="Change password" icon={<KeyRound aria-hidden="true" className="size-5 text-field-700" />}>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        {/* Tells password managers whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <InputField
          label="Current password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
          type="password"
          autoComplete="current-password"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            label="New password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={errors.newPassword?.message}
            {...register("newPassword")}
            type="password"
            autoComplete="new-password"
          />
          <InputField
            label="Confirm new password"
            hint="The same again."
            error={errors.confirmPassword?.message}
            {...register("confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
        </div>
        <FormOutcome error={formError} notice={notice} />
        <button type="submit" className="btn btn-field" disabled={change.isPending}>
          {change.isPending ? "Changing…" : "Change password"}
        </button>
      </form>
    </FormCard>
  );
}
