import { useNavigation } from "react-router";
import { Spinner } from "~/ui/spinner";

/**
 * While a navigation is pending (the next page's code or data is loading) a thin bar runs along the top and a
 * spinner sits in the corner. Both appear after a short delay so fast navigations do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 animate-fade-in [animation-delay:150ms]">
      <div className="h-1 w-full overflow-hidden bg-field-200">
        <div className="h-full w-1/3 animate-[progress_1.1s_ease-in-out_infinite] bg-accent-400 motion-reduce:w-full motion-reduce:animate-none" />
      </div>
      <div className="fixed right-4 bottom-4 rounded-full bg-white/95 p-2 shadow-md">
        <Spinner label="Loading page" className="[&>span:first-child]:size-5 [&>span:first-child]:border-2" />
      </div>
    </div>
  );
}
