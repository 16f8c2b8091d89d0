/** The family feature's writes (docs/product.md §13); its reads are in lib/queries.ts. */
import type { FamilyChild, UpdateChildInput } from "#domain/api/family";
import { apiFetch } from "~/lib/api";

/** PATCH /api/family/children/{id}: a child's birth date, or whether other families see the full name and photo. */
export function updateChild(id: string, input: UpdateChildInput) {
  return apiFetch<FamilyChild>(`/api/family/children/${encodeURIComponent(id)}`, { method: "PATCH", json: input });
}
