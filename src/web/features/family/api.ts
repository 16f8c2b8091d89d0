/** The family feature's writes (docs/product.md §13); its reads are in lib/queries.ts. */
import type { Family, FamilyChild, RenameGuardianInput, UpdateChildInput } from "#domain/api/family";
import { apiFetch } from "~/lib/api";

/** PATCH /api/family/children/{id}: a child's birth date, or whether other families see the full name and photo. */
export function updateChild(id: string, input: UpdateChildInput) {
  return apiFetch<FamilyChild>(`/api/family/children/${encodeURIComponent(id)}`, { method: "PATCH", json: input });
}

/** PATCH /api/family: a guardian-only account's own name; answers the family with it. */
export function renameGuardian(input: RenameGuardianInput) {
  return apiFetch<Family>("/api/family", { method: "PATCH", json: input });
}
