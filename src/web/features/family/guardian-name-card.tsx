import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { isApiError } from "~/lib/api";
import { familyKey } from "~/lib/query-keys";
import { useCurrentUser, useSession } from "~/lib/session-context";
import { FormCard } from "~/ui/app-page";
import { FormOutcome, InputField } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { renameGuardian } from "./api";

/**
 * A guardian-only account's name (docs/product.md §13): what coaches see among a child's guardians and what the
 * child's screens say while the guardian acts for them. Coaches and players change theirs on their profile.
 */
export function GuardianNameCard() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(user.fullName);
  const [missing, setMissing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: renameGuardian,
    onMutate: () => setNotice(null),
    onSuccess: (family) => {
      queryClient.setQueryData(familyKey(), family);
      setUser({ ...user, fullName: family.fullName });
      setNotice(`Saved: you are ${family.fullName}.`);
    },
  });
  const fieldError = missing ?? (isApiError(save.error, 400) ? (save.error.fields.fullName ?? null) : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(fullName.trim() === "" ? "Enter your name." : null);
    if (fullName.trim() === "") return;
    save.mutate({ fullName: fullName.trim() });
  };
  return (
    <FormCard
      title="Your name"
      icon={<UserRound aria-hidden="true" className="size-5 text-field-700" />}
      lead="How coaches see you among your children's guardians."
    >
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <InputField
          label="Full name"
          value={fullName}
          autoComplete="name"
          maxLength={80}
          error={fieldError ?? undefined}
          onChange={(e) => setFullName(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save name"}
        </button>
        <FormOutcome
          error={save.error && !fieldError ? describeError(save.error, "Your name could not be saved.") : null}
          notice={notice}
        />
      </form>
    </FormCard>
  );
}
