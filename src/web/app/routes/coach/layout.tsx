import { RequireRole } from "~/app/guards";

/** Layout of /coach/*: only signed-in coaches pass. */
export default function CoachLayout() {
  return <RequireRole role="coach" />;
}
