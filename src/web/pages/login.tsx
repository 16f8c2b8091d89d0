import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { apiFetch, isApiError } from "~/lib/api";
import { parseMeResponse } from "~/lib/session";
import { afterLoginPath, dashboardPath } from "~/lib/session-paths";
import { useSession } from "~/lib/session-context";
import { FormMessage, InputField } from "~/ui/form-field";
import { loginSchema, type LoginInput } from "#domain/schemas";
import { AuthLayout } from "./auth-layout";

type LoginFormValues = z.input<typeof loginSchema>;

const INVALID_CREDENTIALS = "Invalid email or password.";
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = searchParams.get("next");
  const afterReset = searchParams.get("reset") === "done";
  const navigate = useNavigate();
  const { user, setUser } = useSession();
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const payload = await apiFetch<unknown>("/api/session", {
        method: "POST",
        json: { email: values.email, password: values.password },
      });
      const me = parseMeResponse(payload);
      if (!me) {
        setFormError("Signed in, but your profile could not be loaded. Please try again.");
        return;
      }
      setUser(me);
      await navigate(afterLoginPath(me.role, next), { replace: true });
    } catch (error) {
      if (isApiError(error, 401)) setFormError(INVALID_CREDENTIALS);
      else if (isApiError(error, 429)) setFormError(TOO_MANY_ATTEMPTS);
      else if (isApiError(error, 400)) setFormError(INVALID_CREDENTIALS);
      else setFormError(isApiError(error) ? error.message : "Something went wrong. Please try again.");
    }
  });

  return (
    <AuthLayout
      aside={{
        title: "Welcome back to the sideline",
        points: [
          "Coaches: pick up logging where you left off.",
          "Players: see where you stand after the last game.",
          "Your team's data stays on your own server.",
        ],
      }}
    >
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Log in</h1>
      <p className="mt-2 text-stone-700">
        New to Flagline?{" "}
        <Link to="/signup" className="font-semibold text-field-700 underline">
          Create an account
        </Link>
      </p>

      {user ? (
        <div className="mt-6 rounded-lg border border-field-300 bg-field-50 px-4 py-3 text-sm text-field-900">
          You are already logged in as {user.fullName}.{" "}
          <Link to={dashboardPath(user.role)} className="font-semibold underline">
            Go to your dashboard
          </Link>
        </div>
      ) : null}

      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        <InputField
          label="Email"
          error={errors.email?.message}
          {...register("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <InputField
          label="Password"
          error={errors.password?.message}
          {...register("password")}
          type="password"
          autoComplete="current-password"
        />
        <p className="-mt-2 text-sm">
          <Link to="/forgot-password" className="font-semibold text-field-700 underline">
            Forgot password?
          </Link>
        </p>

        {afterReset && !formError ? (
          <FormMessage tone="success">Your password is changed. Log in with the new one.</FormMessage>
        ) : null}
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}

        <button type="submit" className="btn btn-field w-full py-3 text-base" disabled={isSubmitting}>
          {isSubmitting ? "Logging in…" : "Log in"}
        </button>
      </form>
    </AuthLayout>
  );
}
