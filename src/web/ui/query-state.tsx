import { clsx } from "clsx";
import { AlertTriangle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";

type HeadingLevel = 2 | 3;

function Heading({
  level,
  id,
  className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = level === 2 ? "h2" : "h3";
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/** A loading message with a spinner, announced politely. The text is visible, not only read out. */
export function LoadingState({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={clsx("flex items-center justify-center gap-3 py-10 text-stone-700", className)}>
      <span
        aria-hidden="true"
        className="block size-5 animate-spin rounded-full border-[3px] border-field-200 border-t-field-700 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}

/**
 * What shows when data could not be loaded: a heading, what happened, and a Retry button. role="alert" so the
 * failure is announced even though focus stays where it was. `reference`: the server's request id, small, so a
 * screenshot of the failure finds its line in the server's log.
 */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying = false,
  headingLevel = 2,
  className,
  reference,
}: {
  title: string;
  message: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  headingLevel?: HeadingLevel;
  className?: string;
  reference?: string;
}) {
  return (
    <div role="alert" className={clsx("rounded-2xl border border-red-200 bg-red-50 p-6 text-center", className)}>
      <AlertTriangle aria-hidden="true" className="mx-auto size-8 text-red-700" />
      <Heading level={headingLevel} className="mt-2 text-lg font-bold text-red-900">
        {title}
      </Heading>
      <p className="mt-1 text-red-900">{message}</p>
      {reference ? (
        <p className="mt-2 text-xs text-red-900">
          Reference: <span className="font-mono select-all">{reference}</span>
        </p>
      ) : null}
      {onRetry ? (
        <button type="button" className="btn btn-secondary mt-4" onClick={onRetry} disabled={retrying}>
          <RotateCw
            aria-hidden="true"
            className={clsx("size-4", retrying && "animate-spin motion-reduce:animate-none")}
          />
          Retry
        </button>
      ) : null}
    </div>
  );
}

/** Nothing to show yet: says so, and what will appear here. */
export function EmptyState({
  title,
  children,
  icon,
  headingLevel = 3,
  className,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  headingLevel?: HeadingLevel;
  className?: string;
}) {
  return (
    <div className={clsx("rounded-xl border border-dashed border-stone-300 px-6 py-8 text-center", className)}>
      {icon ? (
        <span aria-hidden="true" className="mx-auto mb-2 block w-fit text-stone-500">
          {icon}
        </span>
      ) : null}
      <Heading level={headingLevel} className="font-bold text-stone-900">
        {title}
      </Heading>
      {children ? <div className="mt-1 text-sm text-stone-700">{children}</div> : null}
    </div>
  );
}

/** What QueryState reads of a TanStack query (useQuery or useInfiniteQuery). */
export interface QueryStatus<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A query's three faces in one place: its content once there is data (kept while a refetch runs, and after a
 * refetch fails), an error with Retry when the first load failed and nothing is fetching, a loading message
 * otherwise.
 */
export function QueryState<T>({
  query,
  loading,
  errorTitle,
  errorMessage,
  apiMessage = true,
  headingLevel = 2,
  errorClassName,
  children,
}: {
  query: QueryStatus<T>;
  /** The loading message ("Loading the roster..."). */
  loading: string;
  errorTitle: string;
  /** What the error says when the API sent no words of its own (or always, with `apiMessage` false). */
  errorMessage: string;
  apiMessage?: boolean;
  headingLevel?: HeadingLevel;
  errorClassName?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError && !query.isFetching) {
    return (
      <ErrorState
        headingLevel={headingLevel}
        className={errorClassName}
        title={errorTitle}
        message={apiMessage ? describeError(query.error, errorMessage) : errorMessage}
        reference={errorReference(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <LoadingState label={loading} />;
}

/** The message of a failed request, for an error state: the API's own words when it sent some. */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof Error && error.name === "ApiError" && error.message) return error.message;
  return fallback;
}

/** The server's request id of a failed request (lib/api.ts ApiError), to quote when reporting it. */
function errorReference(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== "ApiError") return undefined;
  const id = (error as { requestId?: unknown }).requestId;
  return typeof id === "string" && id !== "" ? id : undefined;
}

/**
 * True once a query has an answer (data or error) or is not asking. A screen holds what sits below its first reads
 * until they are all settled, then shows it at once: content arriving one block at a time would push what is
 * already on screen down (layout shift, decision 0017).
 */
export function isSettled(query: { status: string; fetchStatus: string }): boolean {
  return query.status !== "pending" || query.fetchStatus === "idle";
}
