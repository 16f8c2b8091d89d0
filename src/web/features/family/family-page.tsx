import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Baby, Download, LayoutDashboard, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { familyQuery } from "~/lib/queries";
import { familyKey } from "~/lib/query-keys";
import { useActAsChild } from "~/lib/session-context";
import { AppPageHeader } from "~/ui/app-page";
import { FormMessage } from "~/ui/form-field";
import { formatDateTime, formatDay } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import type { Consent, FamilyChild, UpdateChildInput, WithdrawalPlan } from "#domain/api/family";
import { ageOn, firstName, OWN_SIGN_IN_AGE, utcToday } from "#domain/family";
import { updateChild } from "./api";
import { OwnSignInInvite } from "./own-sign-in";
import { TeamNews } from "./team-news";
import { WithdrawConsent, withdrawalItems } from "./withdraw-consent";

/**
 * /family (docs/product.md §13): the children the signed-in account is a guardian of, on whichever teams, with what
 * a guardian decides for each (birth date, what other families see) and the way into each child's screens.
 */
export function FamilyPage({ fullName }: { fullName: string }) {
  const query = useQuery(familyQuery());
  const [withdrawn, setWithdrawn] = useState<WithdrawalPlan | null>(null);
  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow="Family"
        title="Your family"
        lead={`Signed in as ${fullName}. Open a child's dashboard to answer the schedule, keep their profile and training, and read their games and their coach's feedback.`}
      />
      {withdrawn ? (
        <FormMessage tone="success">Consent withdrawn. Deleted: {withdrawalItems(withdrawn).join(", ")}.</FormMessage>
      ) : null}
      <QueryState
        query={query}
        loading="Loading your family…"
        errorTitle="Your family could not be loaded"
        errorMessage="Check your connection and try again."
      >
        {(family) =>
          family.children.length === 0 ? (
            <EmptyState title="No children yet" headingLevel={2}>
              Your child's coach sends you a guardian link from the team's roster. Open it while signed in here to add
              the child to your family.
            </EmptyState>
          ) : (
            <>
              <ul className="grid gap-6 lg:grid-cols-2" aria-label="Your children">
                {family.children.map((child) => (
                  <li key={child.id}>
                    <ChildCard child={child} onWithdrawn={setWithdrawn} />
                  </li>
                ))}
              </ul>
              <TeamNews of={family.children} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function consentLine(consent: Consent): string {
  if (consent.status === "given")
    return `Consent given by ${consent.byName ?? "a guardian"} on ${formatDateTime(consent.at)}.`;
  if (consent.status === "withdrawn")
    return `Consent withdrawn by ${consent.byName ?? "a guardian"} on ${formatDateTime(consent.at)}.`;
  return "No consent recorded yet.";
}

function ageLine(child: FamilyChild): string {
  if (child.birthDate === null) return "No birth date yet.";
  const age = ageOn(child.birthDate, utcToday());
  return `Born ${formatDay(child.birthDate)} (age ${age}).`;
}

function ChildCard({ child, onWithdrawn }: { child: FamilyChild; onWithdrawn: (removed: WithdrawalPlan) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const actAsChild = useActAsChild();
  const [opening, setOpening] = useState(false);
  const [birthDate, setBirthDate] = useState(child.birthDate ?? "");
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: UpdateChildInput) => updateChild(child.id, input),
    onSuccess: (_next, input) => {
      setSaved(input.birthDate !== undefined ? "Birth date saved." : "Saved.");
      void queryClient.invalidateQueries({ queryKey: familyKey() });
    },
    onMutate: () => setSaved(null),
  });
  const name = firstName(child.fullName);
  const others = child.guardians.map((g) => g.fullName);

  return (
    <article className="card h-full space-y-4" aria-labelledby={`${id}-name`}>
      <header>
        <h2 id={`${id}-name`} className="text-xl font-bold text-stone-900">
          {child.fullName}
        </h2>
        <p className="text-sm text-stone-600">
          {child.team ? child.team.name : "Not on a team"}
          {child.jerseyNumber !== null ? ` · #${child.jerseyNumber}` : ""}
        </p>
      </header>

      <p className="flex items-start gap-2 text-sm text-stone-700">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-field-700" />
        <span>{consentLine(child.consent)}</span>
      </p>
      {child.underOwnSignInAge ? (
        <p className="flex items-start gap-2 text-sm text-stone-700">
          <Baby aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-field-700" />
          <span>
            {name} is under {OWN_SIGN_IN_AGE}: no sign-in of their own. You answer the schedule and keep their profile.
          </span>
        </p>
      ) : null}
      {others.length > 1 ? <p className="text-sm text-stone-700">Guardians: {others.join(", ")}.</p> : null}

      <form
        className="space-y-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ birthDate: birthDate === "" ? null : birthDate });
        }}
      >
        <label htmlFor={`${id}-birth`} className="label">
          Birth date
        </label>
        <p className="text-sm text-stone-600">{ageLine(child)}</p>
        <div className="flex flex-wrap gap-2">
          <input
            id={`${id}-birth`}
            type="date"
            className="input w-auto"
            value={birthDate}
            max={utcToday()}
            onChange={(event) => setBirthDate(event.currentTarget.value)}
          />
          <button type="submit" className="btn btn-secondary" disabled={save.isPending}>
            Save birth date
          </button>
        </div>
      </form>

      <label className="flex items-start gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="mt-1"
          checked={child.shareWithTeam}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ shareWithTeam: event.currentTarget.checked })}
        />
        <span>
          Other families on the team see {name}'s full name and photo. Off: they see {name}'s first name and last
          initial only. Public pages never show more than the first name and number.
        </span>
      </label>

      {save.isError ? (
        <FormMessage tone="error">
          {describeError(save.error, "This could not be saved. Please try again.")}
        </FormMessage>
      ) : saved ? (
        <FormMessage tone="success">{saved}</FormMessage>
      ) : null}

      <button
        type="button"
        className="btn btn-field w-full"
        disabled={child.team === null || opening}
        onClick={() => {
          setOpening(true);
          void actAsChild(child.id, "/player/dashboard").finally(() => setOpening(false));
        }}
      >
        <LayoutDashboard aria-hidden="true" className="size-4" />
        {opening ? "Opening…" : `Open ${name}'s dashboard`}
      </button>
      {child.team && child.birthDate !== null && !child.underOwnSignInAge && !child.ownSignIn ? (
        <OwnSignInInvite childId={child.id} name={name} />
      ) : null}
      <a
        className="btn btn-secondary w-full"
        href={`/api/family/children/${encodeURIComponent(child.id)}/export`}
        download
        aria-label={`Download ${name}'s data`}
      >
        <Download aria-hidden="true" className="size-4" />
        Download data
      </a>
      <WithdrawConsent childId={child.id} name={child.fullName} onWithdrawn={onWithdrawn} />
    </article>
  );
}
