import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { apiFetch, isApiError } from "~/lib/api";
import { FormMessage, InputField } from "~/ui/form-field";
import { resetPasswordFormSchema, type ResetPasswordFormInput } from "#domain/api/recovery";
import { PASSWORD_MIN } from "#domain/schemas";
import { AuthLayout } from "./auth-layout";

const ASIDE = {
  title: "A fresh start, same stats",
  points: [
    "Every device signed in to your account is signed out.",
    "Your stats, logs and feedback stay as they were.",
    "Log in with the new password right after.",
  ],
};

/** Where a successful reset lands: the sign-in page says the password was changed. */
const AFTER_RESET_PATH = "/login?reset=done";

function AskAgain() {
  return (
    <Link to="/forgot-password" className="font-semibold underline">
      Ask for a new link
    </Link>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const reset = useMutation({
    mutationFn: (values: ResetPasswordFormInput) =>
      apiFetch("/api/password/reset", { method: "POST", json: { token, newPassword: values.newPassword } }),
    onSuccess: () => navigate(AFTER_RESET_PATH, { replace: true }),
    onError: (error) => {
      if (isApiError(error, 400) && error.fields.newPassword) {
        setError("newPassword", { message: error.fields.newPassword });
      }
    },
  });
  const onSubmit = handleSubmit((values) => reset.mutate(values));
  const linkBroken = !token || (isApiError(reset.error, 400) && reset.error.code !== "invalid_input");

  return (
    <AuthLayout aside={ASIDE}>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Choose a new password</h1>
      {linkBroken ? (
        <div className="mt-6">
          <FormMessage tone="error">
            {token && isApiError(reset.error)
              ? reset.error.message
              : "This reset link is incomplete. Open the whole link from your email, or ask for a new one."}{" "}
            <AskAgain />
          </FormMessage>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <InputField
            label="New password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={errors.newPassword?.message}
            {...register("newPassword")}
            type="password"
            autoComplete="new-password"
          />
          <InputField
            label="New password again"
            error={errors.confirmPassword?.message}
            {...register("confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
          {reset.error && !isApiError(reset.error, 400) ? (
            <FormMessage tone="error">
              {isApiError(reset.error, 429)
                ? "Too many attempts. Please wait a minute and try again."
                : isApiError(reset.error)
                  ? reset.error.message
                  : "Something went wrong. Please try again."}
            </FormMessage>
          ) : null}
          <button type="submit" className="btn btn-field w-full py-3 text-base" disabled={reset.isPending}>
            {reset.isPending ? "Saving…" : "Save new password"}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
