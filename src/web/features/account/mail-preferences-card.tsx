import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import type { MailPreferencesResponse } from "#domain/api/reminders";
import { MAIL_KIND_DESCRIPTIONS, MAIL_KIND_LABELS, MAIL_KINDS, type MailKind } from "#domain/reminders";
import { mailPreferencesQuery } from "~/lib/queries";
import { meKeys } from "~/lib/query-keys";
import { FormCard } from "~/ui/app-page";
import { FormOutcome } from "~/ui/form-field";
import { describeError, QueryState } from "~/ui/query-state";
import { saveMailPreferences } from "./api";
import { Switch } from "./switch";

/**
 * Emails (docs/product.md §12): which mails the signed-in person gets, reminders to answer, changes to events
 * within 48 hours and the weekly digest, each a switch saved at once. A server without mail says so: reminders and
 * changes then come as notices in the app.
 */
export function MailPreferencesCard() {
  const query = useQuery(mailPreferencesQuery());
  return (
    <div id="emails" className="scroll-mt-24">
      <FormCard
        title="Emails"
        icon={<Mail aria-hidden="true" className="size-5 text-field-700" />}
        lead="Which emails about your team's games and practices you get."
      >
        <div className="mt-4">
          <QueryState
            query={query}
            loading="Loading your email settings..."
            errorTitle="Error loading your email settings"
            errorMessage="Your email settings could not be loaded. Please try again."
            headingLevel={3}
          >
            {(prefs) => <Switches prefs={prefs} />}
          </QueryState>
        </div>
      </FormCard>
    </div>
  );
}

function Switches({ prefs }: { prefs: MailPreferencesResponse }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ kind, on }: { kind: MailKind; on: boolean }) => saveMailPreferences({ [kind]: on }),
    onMutate: () => setNotice(null),
    onSuccess: (saved, { kind, on }) => {
      queryClient.setQueryData(meKeys.mailPreferences(), saved);
      setNotice(`${MAIL_KIND_LABELS[kind]}: ${on ? "on" : "off"}.`);
    },
  });
  return (
    <div className="space-y-4">
      {prefs.mailEnabled ? null : (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          This server sends no email. Reminders and changes to events appear as notices in the app instead, and
          announcements on the dashboard; the weekly digest is email only.
        </p>
      )}
      <ul className="divide-y divide-stone-200">
        {MAIL_KINDS.map((kind) => {
          const on = save.isPending && save.variables.kind === kind ? save.variables.on : prefs[kind];
          return (
            <li key={kind} className="py-3">
              <Switch
                label={MAIL_KIND_LABELS[kind]}
                description={MAIL_KIND_DESCRIPTIONS[kind]}
                on={on}
                disabled={save.isPending}
                onChange={(next) => save.mutate({ kind, on: next })}
              />
            </li>
          );
        })}
      </ul>
      <FormOutcome
        error={
          save.error ? describeError(save.error, "Your email settings could not be saved. Please try again.") : null
        }
        notice={notice}
      />
    </div>
  );
}
