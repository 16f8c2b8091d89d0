import { Outlet } from "react-router";

/**
 * Layout of the public site. Open to everyone, signed in or not (docs/product.md §6), and prerendered, so it must not
 * wait for the session: the pages render at once and only the top navigation waits for the session check.
 */
export default function PublicLayout() {
  return (
    <div className="flex flex-1 flex-col">
      <Outlet />
    </div>
  );
}
