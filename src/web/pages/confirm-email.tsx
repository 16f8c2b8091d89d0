import { useMutation } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { apiFetch, isApiError } from "~/lib/api";
import { useSession } from "~/lib/session-context";
import { FormMessage } from "~/ui/form-field";
import type { ChangeEmailAnswer } from "#domain/api/recovery";
import { AuthLayout } from "./auth-layout";

const ASIDE = {
  title: "One account, one address",
  points: [
    "Your old email keeps working until you confirm.",
    "The link works once, for 24 hours.",
    "Nothing else about your account changes.",
  ],
};

/**
 * Opened from the email sent to a new address (docs/product.md §11). The change applies on the button, not on
 * opening the page, so a mail scanner that follows links changes nothing.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { user } = useSession();
  const confirm = useMutation({
    mutationFn: () => apiFetch<ChangeEmailAnswer>("/api/me/email/confirm", { method: "POST", json: { token } }),
  });

  return (
    <AuthLayout aside={ASIDE}>
      <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Confirm your new email</h1>
      {confirm.data ? (
        <div className="mt-6 space-y-4">
          <FormMessage tone="success">Your account now uses {confirm.data.email}.</FormMessage>
          <Link to={user ? "/" : "/login"} className="btn btn-field w-fit">
            {user ? "Continue" : "Log in"}
          </Link>
        </div>
      ) : (
        <div className="mt-6 space-y-5">
          <p className="text-stone-700">Use the address this link was sent to for your Flagline account from now on.</p>
          {!token ? (
            <FormMessage tone="error">This link is incomplete. Open the whole link from your email.</FormMessage>
          ) : null}
          {confirm.error ? (
            <FormMessage tone="error">
              {isApiError(confirm.error) ? confirm.error.message : "Something went wrong. Please try again."}
            </FormMessage>
          ) : null}
          <button
            type="button"
            className="btn btn-field w-full py-3 text-base"
            disabled={!token || confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? "Confirming…" : "Confirm new email"}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
