import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { apiFetch, isApiError } from "~/lib/api";
import { guardianInviteQuery } from "~/lib/queries";
import { familyKey } from "~/lib/query-keys";
import { parseMeResponse } from "~/lib/session";
import { useSession } from "~/lib/session-context";
import { applyServerFieldErrors } from "~/ui/form-errors";
import { FieldError, FormMessage, InputField } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { CONSENT_REQUIRED, GUARDIAN_INVITE_NOT_FOUND, type GuardianInviteInfo } from "#domain/api/family";
import { emailSchema, fullNameSchema, PASSWORD_MIN, passwordSchema } from "#domain/schemas";
import { z } from "#domain/zod";
import { TokenLinkPage } from "./link-page";

const ASIDE = {
  title: "Follow your player, free",
  points: [
    "One sign-in for all your children, on every team.",
    "Answer the schedule, keep their profile and training, read their games and feedback.",
    "You decide what other families see. Public pages never show a photo.",
  ],
};

const consent = z.boolean().refine((agreed) => agreed, { error: CONSENT_REQUIRED });
const signedInSchema = z.object({ consent });
const newAccountSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
  consent,
});
type FormValues = { fullName: string; email: string; password: string; consent: boolean };

function Gone() {
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">This guardian link does not work</h1>
      <p className="mt-3 text-stone-700">{GUARDIAN_INVITE_NOT_FOUND}</p>
      <p className="mt-3 text-stone-700">
        Already took it?{" "}
        <Link to="/login" className="font-semibold text-field-700 underline">
          Log in
        </Link>
      </p>
    </>
  );
}

function InviteForm({ token, info, onGone }: { token: string; info: GuardianInviteInfo; onGone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, setUser } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(user ? signedInSchema : newAccountSchema) as never,
    defaultValues: { fullName: "", email: "", password: "", consent: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = user
      ? { consent: true, consentVersion: info.consentVersion }
      : { ...values, consent: true, consentVersion: info.consentVersion };
    try {
      const payload = await apiFetch<unknown>(`/api/guardian-invites/${encodeURIComponent(token)}`, {
        method: "POST",
        json: body,
      });
      const me = parseMeResponse(payload);
      if (!me) throw new Error("The answer held no account.");
      if (!user) setUser(me);
      await queryClient.invalidateQueries({ queryKey: familyKey() });
      await navigate("/family", { replace: true });
    } catch (error) {
      if (isApiError(error, 404)) onGone();
      else if (isApiError(error) && Object.keys(error.fields).length > 0)
        setFormError(applyServerFieldErrors(error, ["fullName", "email", "password"], setError));
      else setFormError(describeError(error, "The link could not be taken. Please try again."));
    }
  });

  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-field-700 uppercase">{info.teamName}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900">Become {info.childName}'s guardian</h1>
      <p className="mt-3 text-stone-700">
        The coach of <span className="font-semibold">{info.teamName}</span> invited you to follow and act for{" "}
        <span className="font-semibold">{info.childName}</span> on Flagline.
      </p>
      <section aria-labelledby={`${id}-consent`} className="mt-5 rounded-xl border border-stone-200 bg-stone-50 p-4">
        <h2 id={`${id}-consent`} className="font-bold text-stone-900">
          Consent for {info.childName}'s data
        </h2>
        <div className="mt-2 space-y-2 text-sm text-stone-700">
          {info.consentText.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </section>
      {user ? (
        <p className="mt-4 rounded-lg border border-field-300 bg-field-50 px-4 py-3 text-sm text-field-950">
          You are signed in as {user.fullName}. {info.childName} is added to your family.
        </p>
      ) : (
        <p className="mt-4 text-sm text-stone-700">
          Already have a Flagline account?{" "}
          <Link
            to={`/login?next=${encodeURIComponent(`/guardian/${token}`)}`}
            className="font-semibold text-field-700 underline"
          >
            Log in first
          </Link>{" "}
          and come back to this link, so all your children are under one sign-in.
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
        {user ? null : (
          <>
            <InputField
              label="Your full name"
              error={errors.fullName?.message}
              {...register("fullName")}
              autoComplete="name"
            />
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
              hint={`At least ${PASSWORD_MIN} characters.`}
              error={errors.password?.message}
              {...register("password")}
              type="password"
              autoComplete="new-password"
            />
          </>
        )}
        <div>
          <label className="flex items-start gap-2 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              className="mt-1"
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
              {...register("consent")}
            />
            <span>I am {info.childName}'s parent or legal guardian, and I agree to the consent text above.</span>
          </label>
          <FieldError id={`${id}-consent-error`} message={errors.consent?.message} />
        </div>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <button type="submit" className="btn btn-field w-full py-3 text-base" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : user ? `Agree and add ${info.childName}` : "Agree and create my account"}
        </button>
      </form>
    </>
  );
}

/** /guardian/:token (docs/product.md §13): a coach's guardian link, taken with consent. */
export default function GuardianInvitePage() {
  return (
    <TokenLinkPage
      aside={ASIDE}
      query={guardianInviteQuery}
      gone={<Gone />}
      loading="Loading the link…"
      loadError="The link could not be loaded. Check your connection and try again."
      form={(token, info, onGone) => <InviteForm token={token} info={info} onGone={onGone} />}
    />
  );
}
