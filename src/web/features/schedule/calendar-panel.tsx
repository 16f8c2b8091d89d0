import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarSync } from "lucide-react";
import { useState } from "react";
import { meKeys } from "~/lib/query-keys";
import { calendarFeedQuery } from "~/lib/queries";
import { Panel } from "~/ui/app-page";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { CopyButton } from "~/ui/copy-button";
import { StatusNotice } from "~/ui/form-field";
import { describeError, QueryState } from "~/ui/query-state";
import { replaceCalendarLink } from "./api";

/**
 * The signed-in person's calendar subscription (docs/product.md §12): the webcal link a phone opens in its calendar
 * app, the https address to paste elsewhere, and replacing the link when it was shared by mistake.
 */
export function CalendarPanel() {
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery());
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const replace = useMutation({
    mutationFn: replaceCalendarLink,
    onSuccess: (next) => {
      queryClient.setQueryData(meKeys.calendar(), next);
      setConfirming(false);
      setNotice("New link made. The old one no longer works: subscribe again with this one.");
    },
  });
  return (
    <Panel title="Calendar subscription" icon={<CalendarSync className="size-5" />}>
      <QueryState
        query={feed}
        loading="Loading your calendar link..."
        errorTitle="Error loading your calendar link"
        errorMessage="Your calendar link could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => (
          <div className="space-y-4 text-sm">
            <p>
              See every game and practice in your own calendar, kept up to date. Some calendar apps check a subscription
              only every 12–24 hours, so a change can take that long to show there.
            </p>
            <a href={data.webcalUrl} className="btn btn-primary">
              Subscribe in your calendar app
            </a>
            <div>
              <label htmlFor="calendar-url" className="label">
                Calendar address
              </label>
              <p className="-mt-1 mb-1.5 text-stone-600">
                For apps that ask for a web address (Google Calendar: From URL).
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <input
                  id="calendar-url"
                  className="input min-w-0 flex-1 font-mono text-xs"
                  readOnly
                  value={data.url}
                  onFocus={(e) => e.target.select()}
                />
                <CopyButton text={data.url} label="Copy calendar address" />
              </div>
            </div>
            <StatusNotice notice={notice} />
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                replace.reset();
                setNotice(null);
                setConfirming(true);
              }}
            >
              Replace link
            </button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Replace your calendar link?"
              description="The old link stops working at once: calendars subscribed with it stop updating. Subscribe again with the new link."
              confirmLabel="Replace link"
              pendingLabel="Replacing…"
              pending={replace.isPending}
              error={
                replace.error ? describeError(replace.error, "The link could not be replaced. Please try again.") : null
              }
              onConfirm={() => replace.mutate()}
            />
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
