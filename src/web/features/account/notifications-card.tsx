import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, BellOff, Send, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import type { PushState } from "#domain/api/push";
import { PUSH_KIND_DESCRIPTIONS, PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from "#domain/push";
import { pushStateQuery } from "~/lib/queries";
import { meKeys } from "~/lib/query-keys";
import { FormCard } from "~/ui/app-page";
import { FormOutcome } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { deletePushDevice, savePushDevice, savePushPreferences, sendTestNotification } from "./api";
import {
  currentEndpoint,
  pushBlocker,
  PushSetupError,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushBlocker,
} from "./push-device";
import { Switch } from "./switch";

/**
 * Notifications (docs/product.md §16): turning them on for this phone or computer, a test, every device they go
 * to (each removable), and which kinds come. The iOS rule is said where it applies: on iPhone and iPad a web app
 * gets notifications only from the Home Screen (iOS 16.4 or later).
 */
export function NotificationsCard() {
  const query = useQuery(pushStateQuery());
  return (
    <div id="notifications" className="scroll-mt-24">
      <FormCard
        title="Notifications"
        icon={<Bell aria-hidden="true" className="size-5 text-field-700" />}
        lead="Kickoff, scores, schedule changes and announcements on your phone or computer, even with Flagline closed."
      >
        <div className="mt-4">
          <QueryState
            query={query}
            loading="Loading your notification settings..."
            errorTitle="Error loading your notification settings"
            errorMessage="Your notification settings could not be loaded. Please try again."
            headingLevel={3}
          >
            {(state) => <Notifications state={state} />}
          </QueryState>
        </div>
      </FormCard>
    </div>
  );
}

const BLOCKER_TEXT: Record<Exclude<PushBlocker, null>, string> = {
  ios_home_screen:
    "On iPhone and iPad, notifications need Flagline on your Home Screen: in Safari tap Share, then Add to Home Screen, open Flagline from there and turn them on (iOS 16.4 or later).",
  insecure:
    "Notifications need this server to be reached over HTTPS. Ask whoever runs your Flagline to set up HTTPS (the deploy guide shows how).",
  unsupported: "This browser cannot show notifications. Try another browser, or Flagline on your phone.",
  denied: "Notifications are blocked for this site. Allow them in your browser's site settings to turn them on here.",
};

function Notifications({ state }: { state: PushState }) {
  const queryClient = useQueryClient();
  const [blocker] = useState(pushBlocker);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void currentEndpoint().then((found) => {
      if (live) setEndpoint(found);
    });
    return () => {
      live = false;
    };
  }, []);
  const thisDevice = endpoint ? state.devices.find((d) => d.endpoint === endpoint) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: meKeys.push() });

  const turnOn = useMutation({
    mutationFn: async () => {
      const subscription = await subscribeThisDevice(state.publicKey);
      const saved = await savePushDevice(subscription);
      return { saved, endpoint: subscription.endpoint ?? null };
    },
    onMutate: () => setNotice(null),
    onSuccess: async ({ saved, endpoint: added }) => {
      setEndpoint(added);
      setNotice(`Notifications are on for ${saved.device}.`);
      await refresh();
    },
  });
  const test = useMutation({
    mutationFn: (deviceId: string) => sendTestNotification(deviceId),
    onMutate: () => setNotice(null),
    onSuccess: () => setNotice("Test notification sent. It should arrive within a few seconds."),
  });
  const remove = useMutation({
    mutationFn: async ({ id, here }: { id: string; device: string; here: boolean }) => {
      await deletePushDevice(id);
      if (here) await unsubscribeThisDevice();
    },
    onMutate: () => setNotice(null),
    onSuccess: async (_, { device, here }) => {
      if (here) setEndpoint(null);
      setNotice(`${device}: no more notifications.`);
      await refresh();
    },
  });
  const save = useMutation({
    mutationFn: ({ kind, on }: { kind: PushKind; on: boolean }) => savePushPreferences({ [kind]: on }),
    onMutate: () => setNotice(null),
    onSuccess: (preferences, { kind, on }) => {
      queryClient.setQueryData(meKeys.push(), (old: PushState | undefined) => (old ? { ...old, preferences } : old));
      setNotice(`${PUSH_KIND_LABELS[kind]}: ${on ? "on" : "off"}.`);
    },
  });
  const error = turnOn.error ?? test.error ?? remove.error ?? save.error;
  const errorText = !error
    ? null
    : error instanceof PushSetupError
      ? error.message
      : turnOn.error && !(error instanceof Error && error.name === "ApiError")
        ? "This browser could not turn notifications on: its push service did not answer. Please try again later."
        : describeError(error, "That did not work. Please try again.");

  return (
    <div className="space-y-5">
      {blocker ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {BLOCKER_TEXT[blocker]}
        </p>
      ) : thisDevice ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-stone-900">Notifications are on for this device.</p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={test.isPending}
            onClick={() => test.mutate(thisDevice.id)}
          >
            <Send aria-hidden="true" className="size-4" />
            {test.isPending ? "Sending…" : "Send a test notification"}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-primary" disabled={turnOn.isPending} onClick={() => turnOn.mutate()}>
          <Bell aria-hidden="true" className="size-4" />
          {turnOn.isPending ? "Turning on…" : "Turn on notifications on this device"}
        </button>
      )}
      {blocker === "ios_home_screen" ? null : (
        <p className="text-sm text-stone-600">
          On iPhone and iPad: add Flagline to your Home Screen first (Safari, Share, Add to Home Screen; iOS 16.4 or
          later), then turn notifications on from there.
        </p>
      )}

      {state.devices.length > 0 ? (
        <section aria-labelledby="push-devices">
          <h3 id="push-devices" className="font-semibold text-stone-900">
            Your devices
          </h3>
          <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
            {state.devices.map((d) => {
              const here = d.id === thisDevice?.id;
              return (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="flex min-w-0 items-start gap-3">
                    <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-500" />
                    <div className="min-w-0">
                      <p className="font-medium text-stone-900">
                        {d.device}
                        {here ? <span className="ml-2 text-sm font-normal text-field-700">(this device)</span> : null}
                      </p>
                      <p className="text-sm text-stone-600">
                        Added {formatDateTime(d.createdAt)}
                        {d.lastSentAt ? ` · last notification ${formatDateTime(d.lastSentAt)}` : ""}
                      </p>
                    </div>
                  </div>
                  <button
                    type="button"
                    className="btn btn-secondary py-2"
                    aria-label={`Turn off notifications for ${d.device}${here ? " (this device)" : ""}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ id: d.id, device: d.device, here })}
                  >
                    <BellOff aria-hidden="true" className="size-4" /> Turn off
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="push-kinds">
        <h3 id="push-kinds" className="font-semibold text-stone-900">
          What you get
        </h3>
        <ul className="mt-1 divide-y divide-stone-200">
          {PUSH_KINDS.map((kind) => {
            const on = save.isPending && save.variables.kind === kind ? save.variables.on : state.preferences[kind];
            return (
              <li key={kind} className="py-3">
                <Switch
                  label={PUSH_KIND_LABELS[kind]}
                  description={PUSH_KIND_DESCRIPTIONS[kind]}
                  on={on}
                  disabled={save.isPending}
                  onChange={(next) => save.mutate({ kind, on: next })}
                />
              </li>
            );
          })}
        </ul>
      </section>
      <FormOutcome error={errorText} notice={notice} />
    </div>
  );
}
