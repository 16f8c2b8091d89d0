import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Mail } from "lucide-react";
import type { ContactMessage } from "#domain/api/operator";
import { apiFetch } from "~/lib/api";
import { operatorMessagesQuery } from "~/lib/queries";
import { operatorKeys } from "~/lib/query-keys";
import { Panel } from "~/ui/app-page";
import { FormMessage } from "~/ui/form-field";
import { formatCount, formatDateTime } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";

async function markHandled(id: string): Promise<ContactMessage> {
  const path = `/api/operator/messages/${encodeURIComponent(id)}/handled`;
  return (await apiFetch<{ message: ContactMessage }>(path, { method: "POST" })).message;
}

/** The contact form's messages, newest first, each with `Mark as handled` until it is. */
export function MessagesPanel() {
  const query = useQuery(operatorMessagesQuery());
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: markHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.messages() }),
  });

  return (
    <Panel title="Contact messages" icon={<Mail className="size-5" />}>
      <QueryState
        query={query}
        loading="Loading the messages..."
        errorTitle="Error loading the messages"
        errorMessage="The contact messages could not be loaded. Please try again."
      >
        {(data) =>
          data.messages.length === 0 ? (
            <EmptyState title="No messages yet">What people send with the contact form appears here.</EmptyState>
          ) : (
            <>
              <p className="text-sm text-stone-600">
                {data.unhandled === 0 ? "All handled." : `${formatCount(data.unhandled)} not handled yet.`}
              </p>
              {mark.error ? (
                <FormMessage tone="error">
                  {describeError(mark.error, "That did not work. Please try again.")}
                </FormMessage>
              ) : null}
              <ul className="mt-2 divide-y divide-stone-100">
                {data.messages.map((m) => (
                  <li key={m.id} className="py-3">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-semibold text-stone-900">
                        {m.name}{" "}
                        <a className="font-normal break-all text-field-800 underline" href={`mailto:${m.email}`}>
                          {m.email}
                        </a>
                      </p>
                      <p className="text-sm text-stone-600">
                        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                      </p>
                    </div>
                    <p className="mt-1 whitespace-pre-line text-stone-800">{m.message}</p>
                    <div className="mt-2">
                      {m.handledAt ? (
                        <p className="inline-flex items-center gap-1 text-sm text-field-800">
                          <Check aria-hidden="true" className="size-4" /> Handled {formatDateTime(m.handledAt)}
                        </p>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-secondary"
                          disabled={mark.isPending && mark.variables === m.id}
                          onClick={() => mark.mutate(m.id)}
                        >
                          Mark as handled<span className="sr-only">: message from {m.name}</span>
                        </button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </Panel>
  );
}
