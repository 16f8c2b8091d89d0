import { apiFetch } from "~/lib/api";
import { UPLOAD_FIELD, type PhotoResponse, type ProfileResponse, type UpdateProfileInput } from "#domain/api/player";

/** PATCH /api/profile: the fields given change, the others keep their value. */
export async function updateProfile(input: UpdateProfileInput) {
  return (await apiFetch<ProfileResponse>("/api/profile", { method: "PATCH", json: input })).profile;
}

/** DELETE /api/profile/photo */
export async function removePhoto(): Promise<void> {
  await apiFetch("/api/profile/photo", { method: "DELETE" });
}

/** POST /api/profile/photo as multipart/form-data; errors carry the server's own words (413 too large, 415 not an image). */
export async function uploadPhoto(file: File): Promise<PhotoResponse> {
  const form = new FormData();
  form.set(UPLOAD_FIELD, file);
  return apiFetch<PhotoResponse>("/api/profile/photo", { method: "POST", form });
}
