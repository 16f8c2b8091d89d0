import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { apiFetch, isApiError } from "~/lib/api";
import { claimInfoQuery } from "~/lib/queries";
import { parseMeResponse } from "~/lib/session";
import { dashboardPath } from "~/lib/session-paths";
import { useSession } from "~/lib/session-context";
import { applyServerFieldErrors } from "~/ui/form-errors";
import { FormMessage, InputField } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { CLAIM_NOT_FOUND, claimBodySchema, type ClaimInfo, type ClaimInput } from "#domain/api/roster";
import { positionName } from "#domain/positions";
import { PASSWORD_MIN } from "#domain/schemas";
import { TokenLinkPage } from "./link-page";

const ASIDE = {
  title: "Your coach saved you a spot",
  points: [
    "Your coach already added you to the team's roster.",
    "Choose the email and password you will log in with.",
    "A parent can claim the place for a young player.",
  ],
};

function Gone() {
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">This invite link does not work</h1>
      <p className="mt-3 text-stone-700">{CLAIM_NOT_FOUND}</p>
      <p className="mt-3 text-stone-700">
        Already claimed your place?{" "}
        <Link to="/login" className="font-semibold text-field-700 underline">
          Log in
        </Link>
      </p>
    </>
  );
}

function ClaimForm({ token, info, onGone }: { token: string; info: ClaimInfo; onGone: () => void }) {
  const navigate = useNavigate();
  const { user, setUser } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof claimBodySchema>, unknown, ClaimInput>({
    resolver: zodResolver(claimBodySchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const payload = await apiFetch<{ signedIn?: boolean }>(`/api/claim/${encodeURIComponent(token)}`, {
        method: "POST",
        json: values,
      });
      const me = parseMeResponse(payload);
      if (!me || !payload.signedIn) {
        await navigate("/login", { replace: true });
        return;
      }
      setUser(me);
      await navigate(dashboardPath(me.role), { replace: true });
    } catch (error) {
      if (isApiError(error, 404)) onGone();
      else if (isApiError(error) && Object.keys(error.fields).length > 0)
        setFormError(applyServerFieldErrors(error, ["email", "password"], setError));
      else setFormError(describeError(error, "Your place could not be claimed. Please try again."));
    }
  });

  const details = [
    info.jerseyNumber === null ? null : `#${info.jerseyNumber}`,
    info.primaryPosition ? positionName(info.primaryPosition) : null,
  ].filter(Boolean);

  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-field-700 uppercase">{info.teamName}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900">Claim your place</h1>
      <p className="mt-3 text-stone-700">
        You are joining <span className="font-semibold">{info.teamName}</span> as{" "}
        <span className="font-semibold">{info.fullName}</span>
        {details.length ? ` (${details.join(" · ")})` : ""}.
      </p>
      {user ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          You are signed in as {user.fullName}. Claiming this place signs this browser in as {info.fullName} instead.
        </p>
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
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={errors.password?.message}
          {...register("password")}
          type="password"
          autoComplete="new-password"
        />
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <button type="submit" className="btn btn-field w-full py-3 text-base" disabled={isSubmitting}>
          {isSubmitting ? "Claiming…" : "Claim my place"}
        </button>
      </form>
    </>
  );
}

/** /claim/:token (docs/product.md §11): a roster player, or their parent, claims the row the coach added. */
export default function ClaimPage() {
  return (
    <TokenLinkPage
      aside={ASIDE}
      query={claimInfoQuery}
      gone={<Gone />}
      loading="Loading your invite…"
      loadError="The invite could not be loaded. Check your connection and try again."
      form={(token, info, onGone) => <ClaimForm token={token} info={info} onGone={onGone} />}
    />
  );
}
