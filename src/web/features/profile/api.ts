import { apiFetch } from "~/lib/api";
import {
  UPLOAD_FIELD,
  type ChangePasswordInput,
  type PhotoResponse,
  type ProfileResponse,
  type UpdateProfileInput,
} from "#domain/api/player";

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

/** POST /api/profile/photo as multipart/form-data; errors carry the server's own words (413 too large, 415 not an image). */
export async function uploadPhoto(file: File): Promise<PhotoResponse> {
  const form = new FormData();
  form.set(UPLOAD_FIELD, file);
  return apiFetch<PhotoResponse>("/api/profile/photo", { method: "POST", form });
}
