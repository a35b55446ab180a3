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
