import { json } from "@remix-run/node";

/**
 * What Remix's `data(value, init)` returns (the router's `DataWithResponseInit`), told by its shape as the
 * router itself tells it: a page's loaders and actions answer with it where they set a status or headers.
 */
export interface DataAnswer<D = unknown> {
  type: "DataWithResponseInit";
  data: D;
  init: ResponseInit | null;
}

export function isDataAnswer(value: unknown): value is DataAnswer {
  return (
    typeof value === "object" &&
    value !== null &&
    "type" in value &&
    value.type === "DataWithResponseInit" &&
    "data" in value &&
    "init" in value
  );
}

/**
 * A page loader's or action's answer as a JSON Response (a resource route's answer, or a stand-in server's):
 * `data()`'s status and headers go with its data; a Response (a redirect, a refused form) stays as it is.
 */
export async function asJsonResponse(answer: unknown): Promise<Response> {
  const value = await answer;
  if (value instanceof Response) return value;
  if (isDataAnswer(value)) return json(value.data, value.init ?? undefined);
  return json(value);
}
