import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import { isApiError } from "~/lib/api";
import { teamKeys } from "~/lib/query-keys";
import { FormMessage, InputField } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import type { GuardianInvite, PlayerFamily } from "#domain/api/family";
import { emailSchema } from "#domain/schemas";
import type { RosterEntry } from "#domain/api/roster";
import { createGuardianInvite } from "./api";

/**
 * Mailing a guardian link (docs/product.md §13), when the server sends mail: the coach types the guardian's
 * address and the server mails a new link there (a link mailed to the same address before stops working). Below,
 * the links mailed and not yet taken, so the coach sees who was asked.
 */
export function MailInviteForm({ player, family }: { player: RosterEntry; family: PlayerFamily }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [sent, setSent] = useState<GuardianInvite | null>(null);
  const mail = useMutation({
    mutationFn: (address: string) => createGuardianInvite(player.id, address),
    onSuccess: (made) => {
      setSent(made);
      setEmail("");
      void queryClient.invalidateQueries({ queryKey: teamKeys.playerFamily(player.id) });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields.email) setFieldError(error.fields.email);
    },
  });

  return (
    <div className="space-y-3">
      <form
        noValidate
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSent(null);
          const parsed = emailSchema.safeParse(email);
          if (!parsed.success) {
            setFieldError(parsed.error.issues[0]?.message ?? "Enter an email address.");
            return;
          }
          setFieldError(undefined);
          mail.mutate(parsed.data);
        }}
      >
        <InputField
          label="Guardian's email"
          hint="We mail them a new link; a link mailed to the same address before stops working."
          error={fieldError}
          type="email"
          autoComplete="off"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setFieldError(undefined);
          }}
        />
        <button type="submit" className="btn btn-secondary" disabled={mail.isPending}>
          <Mail aria-hidden="true" className="size-4" />
          {mail.isPending ? "Mailing…" : "Mail a link"}
        </button>
      </form>
      {mail.isError && !fieldError ? (
        <FormMessage tone="error">
          {describeError(mail.error, "The link could not be mailed. Please try again.")}
        </FormMessage>
      ) : null}
      {sent?.emailedTo ? (
        <FormMessage tone="success">
          Link mailed to {sent.emailedTo}. It works until {formatDateTime(sent.expiresAt)}.
        </FormMessage>
      ) : null}
      {family.mailedInvites.length > 0 ? (
        <div>
          <h4 className="font-semibold text-stone-900">Mailed, not yet taken</h4>
          <ul className="mt-1 space-y-1">
            {family.mailedInvites.map((invite) => (
              <li key={invite.email}>
                {invite.email} <span className="text-stone-600">(until {formatDateTime(invite.expiresAt)})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
