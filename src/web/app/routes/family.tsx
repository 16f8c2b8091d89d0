import { pageMeta } from "~/app/meta";
import { RequireSignedIn } from "~/app/guards";
import { AccountSections } from "~/features/account/account-sections";
import { FamilyPage } from "~/features/family/family-page";
import { GuardianNameCard } from "~/features/family/guardian-name-card";
import { useEffect, useState } from "react";
import { useActAsChild, useCurrentUser } from "~/lib/session-context";
import { FullPageSpinner } from "~/ui/spinner";

export const meta = () =>
  pageMeta("Family", "Your children on their teams, what other families see, and your own account.");

/** /family (docs/product.md §13): any signed-in account's children; a guardian-only account's home. */
export default function Family() {
  return (
    <RequireSignedIn>
      <FamilyContent />
    </RequireSignedIn>
  );
}

function FamilyContent() {
  const user = useCurrentUser();
  const actAsChild = useActAsChild();
  const acting = user.actingGuardian !== undefined;
  // Reached while acting for a child (the Family link): the page is the guardian's own, so the tab stops acting.
  // Only on arrival: a child opened from this page makes the session the child's before the app leaves it.
  const [actingOnArrival] = useState(acting);
  useEffect(() => {
    if (actingOnArrival) void actAsChild(null, "/family");
  }, [actingOnArrival, actAsChild]);
  if (acting) return <FullPageSpinner />;
  return (
    <div className="space-y-10">
      <FamilyPage fullName={user.fullName} />
      {user.role === "guardian" ? (
        <div className="max-w-2xl space-y-8">
          <GuardianNameCard />
          <AccountSections />
        </div>
      ) : null}
    </div>
  );
}
