import { pageMeta } from "~/app/meta";
import { RequireOperator } from "~/app/guards";
import { OperatorPage } from "~/features/operator/operator-page";

export const meta = () => pageMeta("Operator", "Contact messages, teams and usage of this Flagline.");

export default function Operator() {
  return (
    <RequireOperator>
      <OperatorPage />
    </RequireOperator>
  );
}
