import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiFetch, NETWORK_ERROR_STATUS } from "~/app/api";
import {
  UPLOAD_FIELD,
  UPLOAD_TOO_LARGE,
  type ChangePasswordInput,
  type PhotoResponse,
  type ProfileResponse,
  type UpdateProfileInput,
} from "../../../domain/api/player";
import { meKeys } from "../live/me-keys";

/** GET /api/profile */
export function profileQuery() {
  return queryOptions({
    queryKey: meKeys.profile(),
    queryFn: ({ signal }) => apiFetch<ProfileResponse>("/api/profile", { signal }),
  });
}

/** PATCH /api/profile: the fields given change, the others keep their value. */
export async function updateProfile(input: UpdateProfileInput) {
  return (await apiFetch<ProfileResponse>("/api/profile", { method: "PATCH", json: input })).profile;
}

/** DELETE /api/profile/photo */
export async function removePhoto(): Promise<void> {
  await apiFetch("/api/profile/photo", { method: "DELETE" });
}

/** POST /api/profile/password. The server answers with a fresh session cookie; other sessions are signed out. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiFetch("/api/profile/password", { method: "POST", json: input });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * POST /api/profile/photo as multipart/form-data (apiFetch sends JSON only). Failures become the ApiError apiFetch
 * would throw, carrying the server's own words (413 too large, 415 not a JPEG, PNG or WebP image).
 */
export async function uploadPhoto(file: File): Promise<PhotoResponse> {
  const form = new FormData();
  form.set(UPLOAD_FIELD, file);
  let response: Response;
  try {
    response = await fetch("/api/profile/photo", {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR_STATUS, {
      code: "network_error",
      message: "The photo could not be sent. Check your connection and try again.",
    });
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return payload as PhotoResponse;
  const error = isRecord(payload) && isRecord(payload.error) ? payload.error : {};
  const fields: Record<string, string> = {};
  if (isRecord(error.fields)) {
    for (const [key, value] of Object.entries(error.fields)) if (typeof value === "string") fields[key] = value;
  }
  throw new ApiError(response.status, {
    code: typeof error.code === "string" ? error.code : "http_error",
    message:
      typeof error.message === "string"
        ? error.message
        : response.status === 413
          ? UPLOAD_TOO_LARGE
          : "The photo could not be uploaded. Please try again.",
    fields,
  });
}
