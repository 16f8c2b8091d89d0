import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { apiFetch, isApiError } from "~/lib/api";
import { mailStatusQuery } from "~/lib/queries";
import { FormMessage, InputField } from "~/ui/form-field";
import { LoadingState } from "~/ui/query-state";
import { forgotPasswordSchema, type ForgotPasswordInput } from "#domain/api/recovery";
import { AuthLayout } from "./auth-layout";

type FormValues = z.input<typeof forgotPasswordSchema>;

const ASIDE = {
  title: "Back on the field in a minute",
  points: [
    "A reset link works once and only for a short while.",
    "Choosing a new password signs out every device.",
    "Your stats and logs stay exactly as they were.",
  ],
};

/** Without mail: who can make a reset link instead (docs/product.md §11). */
function NoMailHelp() {
  return (
    <div className="mt-6 space-y-3 rounded-lg border border-stone-300 bg-stone-50 px-4 py-3 text-stone-800">
      <p className="font-semibold">This Flagline server does not send email.</p>
      <p>Players: ask your head coach for a password reset link. They make one on your player page in Flagline.</p>
      <p>Coaches: ask the person who runs this Flagline server. They can make a reset link for any account.</p>
    </div>
  );
}

export default function ForgotPasswordPage() {
  const mail = useQuery(mailStatusQuery());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });
  const send = useMutation({
    mutationFn: (values: ForgotPasswordInput) =>
      apiFetch<{ message: string }>("/api/password/forgot", { method: "POST", json: values }),
  });
  const onSubmit = handleSubmit((values) => send.mutate(values));

  let body;
  if (mail.isPending) body = <LoadingState label="Loading" className="mt-6" />;
  else if (mail.data?.mail === false) body = <NoMailHelp />;
  else
    body = (
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        <InputField
          label="Email"
          error={errors.email?.message}
          {...register("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        {send.data ? <FormMessage tone="success">{send.data.message}</FormMessage> : null}
        {send.error ? (
          <FormMessage tone="error">
            {isApiError(send.error, 429)
              ? "Too many attempts. Please wait a minute and try again."
              : isApiError(send.error)
                ? send.error.message
                : "Something went wrong. Please try again."}
          </FormMessage>
        ) : null}
        <button type="submit" className="btn btn-field w-full py-3 text-base" disabled={send.isPending}>
          {send.isPending ? "Sending…" : "Send me a reset link"}
        </button>
      </form>
    );

  return (
    <AuthLayout aside={ASIDE}>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Forgot your password?</h1>
      <p className="mt-2 text-stone-700">
        {mail.data?.mail === false
          ? "A reset link gets you a new password."
          : "Enter the email you log in with and we will send you a link to choose a new password."}
      </p>
      {body}
      <p className="mt-6 text-stone-700">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-field-700 underline">
          Log in
        </Link>
      </p>
    </AuthLayout>
  );
}
