import { Navigate, redirect } from "react-router";

/** docs/product.md §2: any unknown path redirects to "/". */
export function clientLoader() {
  return redirect("/", { status: 302 });
}

export default function CatchAll() {
  return <Navigate to="/" replace />;
}
