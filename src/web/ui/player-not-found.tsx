import { ArrowLeft, UserX } from "lucide-react";
import { Link } from "react-router";
import { isApiError } from "~/lib/api";

/**
 * 404 (not on this team, or gone) and 400 (an id that cannot exist) read the same on a player's pages: reveal
 * nothing about which it was.
 */
export function isPlayerNotFound(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400);
}

/** A player's page for a player the coach cannot see: a way back and "Player not found". */
export function PlayerNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <div className="space-y-6">
      <Link to={backTo} className="btn btn-secondary w-fit">
        <ArrowLeft aria-hidden="true" className="size-4" /> {backLabel}
      </Link>
      <div className="card mx-auto max-w-lg text-center">
        <UserX aria-hidden="true" className="mx-auto size-10 text-stone-500" />
        <h1 className="mt-3 text-2xl font-extrabold text-stone-900">Player not found</h1>
        <p className="mt-2 text-stone-700">This player is not on your team, or no longer exists.</p>
      </div>
    </div>
  );
}
