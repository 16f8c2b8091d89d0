import { useQuery, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useParams } from "react-router";
import { isApiError } from "~/lib/api";
import { FormMessage } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { Spinner } from "~/ui/spinner";
import { AuthLayout } from "./auth-layout";

/**
 * A page opened from a link with a token (a roster invite, a guardian link): what the token is for is read first;
 * an unknown or used one (404, or the form finding it gone) shows `gone`, a failed read a retry, and the answer
 * the form.
 */
export function TokenLinkPage<T, K extends QueryKey>({
  aside,
  query,
  gone,
  loading,
  loadError,
  form,
}: {
  aside: { title: string; points: string[] };
  query: (token: string) => UseQueryOptions<T, Error, T, K>;
  gone: ReactNode;
  loading: string;
  loadError: string;
  form: (token: string, data: T, onGone: () => void) => ReactNode;
}) {
  const token = useParams().token ?? "";
  const [isGone, setGone] = useState(false);
  const read = useQuery({ ...query(token), enabled: token !== "" && !isGone });

  let body;
  if (isGone || token === "" || isApiError(read.error, 404)) body = gone;
  else if (read.data !== undefined) body = form(token, read.data, () => setGone(true));
  else if (read.isError)
    body = (
      <>
        <FormMessage tone="error">{describeError(read.error, loadError)}</FormMessage>
        <button type="button" className="btn btn-secondary mt-4" onClick={() => void read.refetch()}>
          Try again
        </button>
      </>
    );
  else body = <Spinner label={loading} />;

  return <AuthLayout aside={aside}>{body}</AuthLayout>;
}
