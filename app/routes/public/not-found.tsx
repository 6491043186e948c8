import { data, useLocation } from "react-router";
import { NotFound } from "#app/components/not-found.tsx";

// Any path no other route claims.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound path={useLocation().pathname} />;
}
