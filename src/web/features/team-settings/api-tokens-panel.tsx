import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  createApiTokenBodySchema,
  type ApiTokenDto,
  type CreateApiTokenBody,
  type CreatedApiTokenResponse,
} from "#domain/api/api-tokens";
import { MAX_API_TOKEN_NAME } from "#domain/limits";
import { apiTokensQuery } from "~/lib/queries";
import { teamKeys } from "~/lib/query-keys";
import { Panel } from "~/ui/app-page";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { CopyButton } from "~/ui/copy-button";
import { submitErrorMessage } from "~/ui/form-errors";
import { FieldError, FormMessage, FormOutcome, InputField, useFormOutcome } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import { createApiToken, revokeApiToken } from "./api";

const SCOPE_NAMES = { read: "Read-only", write: "Read-write" } as const;

/**
 * API tokens (docs/product.md §11 "API tokens"), the head coach only: a named read-only or read-write token for a
 * club web site, a spreadsheet or a scoring app, sent as `Authorization: Bearer`. Its text is shown once, right
 * after it is made, with a Copy button; the list shows each token's name, access, when it was made and last used,
 * and who made it; revoking asks first.
 */
export function ApiTokensPanel() {
  const query = useQuery(apiTokensQuery());
  const queryClient = useQueryClient();
  const [made, setMade] = useState<CreatedApiTokenResponse | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const revoke = useMutation({
    mutationFn: (token: ApiTokenDto) => revokeApiToken(token.id),
    onSuccess: (_answer, token) => {
      setRevoking(null);
      if (made?.token.id === token.id) setMade(null);
      setNotice(`“${token.name}” is revoked. Anything using it can no longer reach the team's data.`);
      void queryClient.invalidateQueries({ queryKey: teamKeys.apiTokens() });
    },
  });

  return (
    <Panel title="API tokens" icon={<KeyRound className="size-5" />}>
      <p className="text-sm text-stone-600">
        Let your club's web site, a spreadsheet or a scoring app read the schedule, scores and stats without a password.
        A token acts as you, on this team only. Read-only tokens can only read; read-write tokens can also log plays and
        change games. No token can change an account, sign in, or make other tokens.
      </p>

      {made ? <NewToken made={made} onDone={() => setMade(null)} /> : null}
      {notice ? (
        <div className="mt-3">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      ) : null}

      <div className="mt-4">
        <QueryState
          query={query}
          loading="Loading the API tokens..."
          errorTitle="Error loading the API tokens"
          errorMessage="The API tokens could not be loaded. Please try again."
        >
          {(data) =>
            data.tokens.length === 0 ? (
              <EmptyState title="No API tokens">Nothing outside Flagline can read your team's data.</EmptyState>
            ) : (
              <ul className="divide-y divide-stone-100" aria-label="API tokens">
                {data.tokens.map((token) => (
                  <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <span className="min-w-0">
                      <span className="block font-semibold break-words text-stone-900">{token.name}</span>
                      <span className="block text-sm text-stone-600">
                        {SCOPE_NAMES[token.scope]} · Created {formatDateTime(token.createdAt)} by{" "}
                        {token.createdBy.fullName}
                      </span>
                      <span className="block text-sm text-stone-600">
                        {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : "Never used"}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="btn btn-secondary"
                      aria-label={`Revoke ${token.name}`}
                      onClick={() => {
                        revoke.reset();
                        setNotice(null);
                        setRevoking(token);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" /> Revoke
                    </button>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>

      <NewTokenForm
        onMade={(answer) => {
          setNotice(null);
          setMade(answer);
          void queryClient.invalidateQueries({ queryKey: teamKeys.apiTokens() });
        }}
      />

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(next) => {
          if (!next) setRevoking(null);
        }}
        title={revoking ? `Revoke “${revoking.name}”?` : ""}
        description={
          <p>
            Anything that uses this token stops working at once and cannot get it back: you would make a new token and
            put it where this one was.
          </p>
        }
        confirmLabel="Revoke token"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.error ? describeError(revoke.error, "The token could not be revoked. Please try again.") : null}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
        }}
      />
    </Panel>
  );
}

/** The token just made: its text, once, with a Copy button, until the coach says they are done. */
function NewToken({ made, onDone }: { made: CreatedApiTokenResponse; onDone: () => void }) {
  return (
    <div className="mt-4 rounded-xl border border-field-300 bg-field-50 p-4" role="region" aria-label="New API token">
      <p className="font-semibold text-stone-900">
        “{made.token.name}” is ready ({SCOPE_NAMES[made.token.scope].toLowerCase()}).
      </p>
      <p className="mt-1 text-sm text-stone-700">
        Copy it now: it is shown this once and cannot be shown again. Send it as{" "}
        <code className="rounded bg-white px-1">Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code
          data-testid="new-api-token"
          className="min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-sm break-all text-stone-900"
        >
          {made.secret}
        </code>
        <CopyButton text={made.secret} label="Copy the API token" />
      </div>
      <button type="button" className="btn btn-secondary mt-3" onClick={onDone}>
        Done, I have copied it
      </button>
    </div>
  );
}

/** Name and access of a new token. */
function NewTokenForm({ onMade }: { onMade: (made: CreatedApiTokenResponse) => void }) {
  const { formError, setFormError, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateApiTokenBody>({
    resolver: zodResolver(createApiTokenBodySchema),
    defaultValues: { name: "", scope: "read" },
  });

  const create = useMutation({
    mutationFn: createApiToken,
    onSuccess: (answer) => {
      reset({ name: "", scope: "read" });
      onMade(answer);
    },
    onError: (error) =>
      setFormError(
        submitErrorMessage(error, ["name", "scope"], setError, "The token could not be made. Please try again."),
      ),
  });

  return (
    <form
      noValidate
      className="mt-6 space-y-4 border-t border-stone-100 pt-4"
      aria-label="Make an API token"
      onSubmit={handleSubmit((values) => {
        clear();
        create.mutate(values);
      })}
    >
      <h3 className="font-semibold text-stone-900">Make a token</h3>
      <InputField
        label="Token name"
        hint="Say where it will be used, so you know which one to revoke: “Club web site”."
        error={errors.name?.message}
        {...register("name")}
        type="text"
        autoComplete="off"
        maxLength={MAX_API_TOKEN_NAME}
      />
      <fieldset>
        <legend className="label">Access</legend>
        <label className="flex items-start gap-2 py-1">
          <input type="radio" value="read" {...register("scope")} className="mt-1" />
          <span>
            <span className="font-medium text-stone-900">Read-only</span>
            <span className="block text-sm text-stone-600">Reads the schedule, scores, stats and playbook.</span>
          </span>
        </label>
        <label className="flex items-start gap-2 py-1">
          <input type="radio" value="write" {...register("scope")} className="mt-1" />
          <span>
            <span className="font-medium text-stone-900">Read-write</span>
            <span className="block text-sm text-stone-600">
              Also logs plays and changes games, practices and the playbook, as you would.
            </span>
          </span>
        </label>
        <FieldError message={errors.scope?.message} />
      </fieldset>
      <FormOutcome error={formError} notice={null} />
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        <Plus aria-hidden="true" className="size-4" />
        {create.isPending ? "Making the token…" : "Make token"}
      </button>
    </form>
  );
}
