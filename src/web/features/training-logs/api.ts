import { apiFetch } from "~/lib/api";
import type { CreateTrainingLogInput, TrainingLogResponse, UpdateTrainingLogInput } from "#domain/api/player";

const LOGS_PATH = "/api/me/training-logs";
const logPath = (id: string) => `${LOGS_PATH}/${encodeURIComponent(id)}`;

export async function createTrainingLog(input: CreateTrainingLogInput) {
  return (await apiFetch<TrainingLogResponse>(LOGS_PATH, { method: "POST", json: input })).log;
}

export async function updateTrainingLog(id: string, input: UpdateTrainingLogInput) {
  return (await apiFetch<TrainingLogResponse>(logPath(id), { method: "PATCH", json: input })).log;
}

export async function deleteTrainingLog(id: string): Promise<void> {
  await apiFetch(logPath(id), { method: "DELETE" });
}
