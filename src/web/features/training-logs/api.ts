import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import type {
  CreateTrainingLogInput,
  TrainingLogQuery,
  TrainingLogResponse,
  TrainingLogsResponse,
  UpdateTrainingLogInput,
} from "../../../domain/api/player";
import { meKeys } from "../live/me-keys";

const LOGS_PATH = "/api/me/training-logs";
const logPath = (id: string) => `${LOGS_PATH}/${encodeURIComponent(id)}`;

/** GET /api/me/training-logs: latest date first, with Monday-week totals of the logs listed. */
export function trainingLogsQuery(filters: TrainingLogQuery) {
  const params = new URLSearchParams();
  if (filters.type) params.set("type", filters.type);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  const search = params.size > 0 ? `?${params}` : "";
  return queryOptions({
    queryKey: meKeys.trainingLogs(filters),
    queryFn: ({ signal }) => apiFetch<TrainingLogsResponse>(`${LOGS_PATH}${search}`, { signal }),
    // A change of filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

export async function createTrainingLog(input: CreateTrainingLogInput) {
  return (await apiFetch<TrainingLogResponse>(LOGS_PATH, { method: "POST", json: input })).log;
}

export async function updateTrainingLog(id: string, input: UpdateTrainingLogInput) {
  return (await apiFetch<TrainingLogResponse>(logPath(id), { method: "PATCH", json: input })).log;
}

export async function deleteTrainingLog(id: string): Promise<void> {
  await apiFetch(logPath(id), { method: "DELETE" });
}
