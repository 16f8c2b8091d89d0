import { UsersRound } from "lucide-react";
import { useState } from "react";
import { useActAsChild, useCurrentUser } from "~/lib/session-context";

/**
 * While a guardian acts for a child (docs/product.md §13), every player screen says whose it is and who is acting,
 * with the way back to the family page.
 */
export function ActingBanner() {
  const user = useCurrentUser();
  const actAsChild = useActAsChild();
  const [leaving, setLeaving] = useState(false);
  if (!user.actingGuardian) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-field-300 bg-field-50 px-4 py-3 text-sm text-field-950"
    >
      <p className="flex items-center gap-2">
        <UsersRound aria-hidden="true" className="size-4 shrink-0" />
        <span>
          You are viewing <span className="font-semibold">{user.fullName}</span>'s Flagline as their guardian,{" "}
          {user.actingGuardian.fullName}.
          {user.actingGuardian.readOnly
            ? " They sign in on their own now: you can see their screens, and changes are theirs to make."
            : null}
        </span>
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void actAsChild(null, "/family").finally(() => setLeaving(false));
        }}
      >
        {leaving ? "Going back…" : "Back to Family"}
      </button>
    </div>
  );
}
