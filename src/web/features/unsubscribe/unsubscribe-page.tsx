import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MailX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { MAIL_KIND_DESCRIPTIONS, MAIL_KIND_LABELS, type MailKind } from "#domain/reminders";
import { isApiError } from "~/lib/api";
import { unsubscribeQuery } from "~/lib/queries";
import { meKeys, unsubscribeKey } from "~/lib/query-keys";
import { useSession } from "~/lib/session-context";
import { FormMessage, StatusNotice } from "~/ui/form-field";
import { describeError, ErrorState } from "~/ui/query-state";
import { Spinner } from "~/ui/spinner";
import { stopEmails } from "./api";

function LinkCard({ children }: { children: ReactNode }) {
  return (
    <div className="field-lines flex-1 bg-field-50 py-6 sm:py-16">
      <div className="container-page">
        <div className="card mx-auto w-full max-w-xl sm:p-8">{children}</div>
      </div>
    </div>
  );
}

/** The mail, as "You will no longer get …" says it. */
const STOPPED: Readonly<Record<MailKind, string>> = {
  reminders: "reminder emails",
  changes: "emails about changes to events within 48 hours",
  digest: "the weekly digest email",
  announcements: "emails with the team's announcements",
};

/** Where the mail can be turned back on: the Emails section of the account's settings (a link when signed in). */
function TurnBackOn() {
  const { user } = useSession();
  return (
    <p className="mt-4 text-sm text-stone-700">
      Changed your mind? Turn them back on under Emails in your account's settings:{" "}
      {user ? (
        <Link
          to={user.role === "coach" ? "/coach/account#emails" : "/player/profile#emails"}
          className="font-semibold text-field-800 underline underline-offset-2"
        >
          {user.role === "coach" ? "Account" : "My Profile"}
        </Link>
      ) : (
        "My Profile for players, Account for coaches, once you log in"
      )}
      .
    </p>
  );
}

/**
 * /unsubscribe/:token (docs/product.md §12): a mail's unsubscribe link. Opening it changes nothing (mail scanners
 * open every link); it says which mail it is about and whether the person gets it, and `Stop these emails` turns
 * that mail off.
 */
export function UnsubscribePage() {
  const token = useParams().token ?? "";
  const queryClient = useQueryClient();
  const query = useQuery({ ...unsubscribeQuery(token), enabled: token !== "" });
  const stop = useMutation({
    mutationFn: () => stopEmails(token),
    onSuccess: async (now) => {
      queryClient.setQueryData(unsubscribeKey(token), now);
      await queryClient.invalidateQueries({ queryKey: meKeys.mailPreferences() });
    },
  });

  let body: ReactNode;
  if (token === "" || isApiError(query.error, 404) || isApiError(query.error, 400) || isApiError(stop.error, 404)) {
    body = (
      <>
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">This link is not valid</h1>
        <p className="mt-4 text-stone-700">
          The link may be cut short or copied wrong, or its account no longer exists. You can choose which emails you
          get under Emails in your account's settings.
        </p>
      </>
    );
  } else if (query.data) {
    body = <Subscription kind={query.data.kind} subscribed={query.data.subscribed} stop={stop} />;
  } else if (query.isError) {
    body = (
      <>
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900">Flagline emails</h1>
        <ErrorState
          className="mt-4"
          title="The link could not be read"
          message={describeError(query.error, "Check your connection and try again.")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  } else body = <Spinner label="Loading…" />;

  return <LinkCard>{body}</LinkCard>;
}

function Subscription({
  kind,
  subscribed,
  stop,
}: {
  kind: MailKind;
  subscribed: boolean;
  stop: { mutate: () => void; isPending: boolean; isSuccess: boolean; error: Error | null };
}) {
  const label = MAIL_KIND_LABELS[kind];
  return (
    <>
      <p className="eyebrow">Flagline emails</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900">{label}</h1>
      <p className="mt-3 text-stone-700">{MAIL_KIND_DESCRIPTIONS[kind]}</p>
      {subscribed ? (
        <>
          <p className="mt-4 font-semibold text-stone-900">You get these emails.</p>
          <button
            type="button"
            className="btn btn-primary mt-4 w-full py-3 text-base sm:w-auto"
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            <MailX aria-hidden="true" className="size-5" />
            {stop.isPending ? "Stopping…" : "Stop these emails"}
          </button>
          {stop.error ? (
            <div className="mt-4">
              <FormMessage tone="error">
                {describeError(stop.error, "The emails could not be stopped. Please try again.")}
              </FormMessage>
            </div>
          ) : null}
        </>
      ) : null}
      <div className="mt-4">
        <StatusNotice
          notice={
            subscribed
              ? null
              : stop.isSuccess
                ? `You will no longer get ${STOPPED[kind]}.`
                : `You do not get ${STOPPED[kind]}.`
          }
        />
      </div>
      {subscribed ? null : <TurnBackOn />}
    </>
  );
}
