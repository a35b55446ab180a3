import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { dealerFrom } from "@server/http/loadContext";

/** Any path no route claims is a 404 inside the dealer's layout. */
export async function loader({ context }: LoaderFunctionArgs) {
  dealerFrom(context);
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
