import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UserPlus, X } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { playerFamilyQuery } from "~/lib/queries";
import { teamKeys } from "~/lib/query-keys";
import { CopyButton } from "~/ui/copy-button";
import { FormMessage } from "~/ui/form-field";
import { formatDateTime, formatDay } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import type { PlayerFamily } from "#domain/api/family";
import { ageOn, GUARDIAN_INVITE_DAYS, OWN_SIGN_IN_AGE, utcToday } from "#domain/family";
import type { RosterEntry } from "#domain/api/roster";
import { createGuardianInvite, guardianInviteUrl, removeGuardian, setBirthDate } from "./api";
import { MailInviteForm } from "./mail-invite-form";

const QrCode = lazy(() => import("./qr-code"));

/** What the coach reads of a player's consent (docs/product.md §13). */
function consentStatusText(family: PlayerFamily): string {
  const { consent } = family;
  if (consent.status === "given")
    return `Consent given by ${consent.byName ?? "a guardian"} on ${formatDateTime(consent.at)}.`;
  if (consent.status === "withdrawn")
    return `Consent withdrawn by ${consent.byName ?? "a guardian"} on ${formatDateTime(consent.at)}.`;
  if (family.child) return "No consent yet: only coaches see more than the first name and initial.";
  return family.birthDate === null
    ? "No consent recorded. Add the birth date of a young player."
    : "Not a child: no consent needed.";
}

/**
 * A player's family (docs/product.md §13), for the coach: the birth date, the consent status, the guardians (taken
 * off here), and a new single-use guardian link with its QR code, or mailed to the guardian when the server sends
 * mail.
 */
export function FamilyDialog({
  player,
  onOpenChange,
}: {
  player: RosterEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <SheetDialog open={player !== null} onOpenChange={onOpenChange} size="lg">
      <SheetHeader title={player ? `${player.fullName}'s family` : "Family"} />
      {player ? <FamilyContent key={player.id} player={player} /> : null}
    </SheetDialog>
  );
}

function FamilyContent({ player }: { player: RosterEntry }) {
  const query = useQuery(playerFamilyQuery(player.id));
  return (
    <QueryState
      query={query}
      loading="Loading the family…"
      errorTitle="The family could not be loaded"
      errorMessage="Check your connection and try again."
      headingLevel={3}
    >
      {(family) => <FamilyDetails player={player} family={family} />}
    </QueryState>
  );
}

function FamilyDetails({ player, family }: { player: RosterEntry; family: PlayerFamily }) {
  const id = useId();
  const queryClient = useQueryClient();
  const key = teamKeys.playerFamily(player.id);
  const [birthDate, setBirthDateValue] = useState(family.birthDate ?? "");
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const saveBirthDate = useMutation({
    mutationFn: () => setBirthDate(player.id, birthDate === "" ? null : birthDate),
    onSuccess: (next) => queryClient.setQueryData(key, next),
  });
  const invite = useMutation({
    mutationFn: () => createGuardianInvite(player.id),
    onSuccess: (made) => {
      setLink({ url: guardianInviteUrl(made.token), expiresAt: made.expiresAt });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const remove = useMutation({
    mutationFn: (guardianId: string) => removeGuardian(player.id, guardianId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const today = utcToday();

  return (
    <div className="mt-3 space-y-6 text-sm text-stone-700">
      <section aria-labelledby={`${id}-consent`}>
        <h3 id={`${id}-consent`} className="font-bold text-stone-900">
          Consent
        </h3>
        <p className="mt-1">{consentStatusText(family)}</p>
      </section>

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          saveBirthDate.mutate();
        }}
      >
        <label htmlFor={`${id}-birth`} className="label">
          Birth date
        </label>
        <p className="text-stone-600">
          {family.birthDate
            ? `Age ${ageOn(family.birthDate, today)} (born ${formatDay(family.birthDate)}).`
            : "Not known yet."}{" "}
          {family.underOwnSignInAge
            ? `Under ${OWN_SIGN_IN_AGE}: a guardian holds the place; no sign-in of their own.`
            : ""}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            id={`${id}-birth`}
            type="date"
            className="input w-auto"
            value={birthDate}
            max={today}
            onChange={(event) => setBirthDateValue(event.currentTarget.value)}
          />
          <button type="submit" className="btn btn-secondary" disabled={saveBirthDate.isPending}>
            Save birth date
          </button>
        </div>
        {saveBirthDate.isError ? (
          <FormMessage tone="error">
            {describeError(saveBirthDate.error, "The birth date could not be saved. Please try again.")}
          </FormMessage>
        ) : null}
      </form>

      <section aria-labelledby={`${id}-guardians`}>
        <h3 id={`${id}-guardians`} className="font-bold text-stone-900">
          Guardians
        </h3>
        {family.guardians.length === 0 ? (
          <p className="mt-1">No guardian yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200">
            {family.guardians.map((guardian) => (
              <li key={guardian.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span>
                  <span className="font-semibold text-stone-900">{guardian.fullName}</span>{" "}
                  <span className="text-stone-600">{guardian.email}</span>
                </span>
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-lg p-1.5 font-semibold text-red-800 hover:bg-red-50"
                  aria-label={`Remove ${guardian.fullName} as a guardian`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(guardian.id)}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {remove.isError ? (
          <FormMessage tone="error">
            {describeError(remove.error, "The guardian could not be removed. Please try again.")}
          </FormMessage>
        ) : null}
      </section>

      <section aria-labelledby={`${id}-invite`} className="space-y-3">
        <h3 id={`${id}-invite`} className="font-bold text-stone-900">
          Invite a guardian
        </h3>
        <p>
          Each link is for one guardian, works once and for {GUARDIAN_INVITE_DAYS} days. Opening it, they agree to the
          consent text and get their own sign-in (or add {player.fullName} to the one they have).
          {family.openInvites > 0 ? ` Links not yet taken: ${family.openInvites}.` : ""}
          {family.mailEnabled ? "" : " This server sends no mail: share the link or its QR code."}
        </p>
        <button type="button" className="btn btn-field" disabled={invite.isPending} onClick={() => invite.mutate()}>
          <UserPlus aria-hidden="true" className="size-4" />
          {invite.isPending ? "Making a link…" : "New guardian link"}
        </button>
        {invite.isError ? (
          <FormMessage tone="error">
            {describeError(invite.error, "A link could not be made. Please try again.")}
          </FormMessage>
        ) : null}
        {link ? (
          <div className="space-y-3">
            <label htmlFor={`${id}-link`} className="label">
              Guardian link
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id={`${id}-link`}
                readOnly
                value={link.url}
                className="input min-w-0 flex-1 font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton text={link.url} label={`Copy the guardian link for ${player.fullName}`} />
            </div>
            <p className="text-stone-600">Shown once. It works until {formatDateTime(link.expiresAt)}.</p>
            <div className="flex justify-center">
              <Suspense fallback={<div className="size-48 rounded-lg bg-stone-100" aria-hidden="true" />}>
                <QrCode text={link.url} label={`QR code of the guardian link for ${player.fullName}`} />
              </Suspense>
            </div>
          </div>
        ) : null}
        {family.mailEnabled ? <MailInviteForm player={player} family={family} /> : null}
      </section>
    </div>
  );
}
