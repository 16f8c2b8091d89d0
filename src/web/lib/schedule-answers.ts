/**
 * Answering "are you coming?" (docs/product.md §12): PUT /api/team/schedule/{id}/answers/{playerId}, shared by the
 * schedule screens and both dashboards' next-event card. The answer shows at once (every cached schedule read is
 * changed in place), is put back when the server refuses it, and every schedule read is read again once it settles.
 */
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  AvailabilityBody,
  AvailabilityCounts,
  ScheduleEvent,
  ScheduleEventResponse,
  ScheduleResponse,
} from "#domain/api/schedule";
import type { AvailabilityAnswer } from "#domain/schedule";
import { apiFetch } from "./api";
import { teamKeys } from "./query-keys";

export interface AnswerInput {
  eventId: string;
  playerId: string;
  answer: AvailabilityAnswer;
  /** Undefined: the note stays as it is; null or "": cleared. */
  note?: string | null;
  /** The player answers for themselves: their own answer (myAnswer) changes too. */
  own: boolean;
}

type CountKey = keyof AvailabilityCounts;
const countKey = (answer: AvailabilityAnswer | null): CountKey => answer ?? "unanswered";

function moveCount(counts: AvailabilityCounts, from: AvailabilityAnswer | null, to: AvailabilityAnswer) {
  if (from === to) return counts;
  const next = { ...counts };
  next[countKey(from)] = Math.max(0, next[countKey(from)] - 1);
  next[to] += 1;
  return next;
}

/** An event with one player's answer changed: the counts move from the old answer to the new one. */
function withAnswer(
  event: ScheduleEvent,
  previous: AvailabilityAnswer | null,
  input: Pick<AnswerInput, "answer" | "note" | "own">,
): ScheduleEvent {
  const availability = moveCount(event.availability, previous, input.answer);
  const myAnswer = input.own
    ? { answer: input.answer, note: input.note === undefined ? (event.myAnswer?.note ?? null) : input.note || null }
    : event.myAnswer;
  return { ...event, availability, myAnswer };
}

type ScheduleRead = ScheduleResponse | ScheduleEventResponse;

/** Puts the answer in every cached schedule read; returns what to put back if the server refuses it. */
function applyOptimistic(queryClient: QueryClient, input: AnswerInput) {
  const saved = queryClient.getQueriesData<ScheduleRead>({ queryKey: teamKeys.scheduleAll() });
  // The player's previous answer, as the one read that lists it knows it (the event's page for a coach).
  let previous: AvailabilityAnswer | null | undefined;
  for (const [, data] of saved) {
    if (data && "event" in data && data.event.id === input.eventId) {
      if (input.own) previous = data.event.myAnswer?.answer ?? null;
      else previous = data.answers?.find((a) => a.playerId === input.playerId)?.answer ?? null;
    }
    if (previous === undefined && data && "events" in data && input.own) {
      const event = data.events.find((e) => e.id === input.eventId);
      if (event) previous = event.myAnswer?.answer ?? null;
    }
  }
  // A coach answering from a list, where no one's answer is known: the counts wait for the server's.
  if (previous === undefined) return saved;
  for (const [key, data] of saved) {
    if (!data) continue;
    if ("events" in data) {
      queryClient.setQueryData<ScheduleResponse>(key, {
        ...data,
        events: data.events.map((e) => (e.id === input.eventId ? withAnswer(e, previous ?? null, input) : e)),
      });
    } else if (data.event.id === input.eventId) {
      queryClient.setQueryData<ScheduleEventResponse>(key, {
        ...data,
        event: withAnswer(data.event, previous ?? null, input),
        answers:
          data.answers?.map((a) =>
            a.playerId === input.playerId
              ? {
                  ...a,
                  answer: input.answer,
                  note: input.note === undefined ? a.note : input.note || null,
                  byCoach: !input.own,
                }
              : a,
          ) ?? null,
      });
    }
  }
  return saved;
}

/** The answer mutation: optimistic, put back on failure, every schedule read refreshed afterwards. */
export function useAnswerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnswerInput) => {
      const body: AvailabilityBody = {
        answer: input.answer,
        ...(input.note !== undefined ? { note: input.note || null } : {}),
      };
      return apiFetch<ScheduleEventResponse>(
        `/api/team/schedule/${encodeURIComponent(input.eventId)}/answers/${encodeURIComponent(input.playerId)}`,
        { method: "PUT", json: body },
      );
    },
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: teamKeys.scheduleAll() });
      return { saved: applyOptimistic(queryClient, input) };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.saved ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.scheduleAll() }),
  });
}
