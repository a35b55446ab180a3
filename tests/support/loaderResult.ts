import type { TypedResponse } from "@remix-run/node";
import { isDataAnswer } from "@server/http/dataAnswer";

/**
 * What a loader or action answered, whichever way it answered: a page's loaders and actions return their
 * data as it is, or `data(value, init)` when they set a status or headers (single fetch sends either with
 * turbo-stream, decision 0028); resource routes and helpers such as `validationError` answer with a
 * Response. Tests that call a loader or action read all three the same way.
 */
export type LoaderResult<D> = { status: number; headers: Headers; data: D };

/** The data a loader's answer carries: a Response's JSON body, `data()`'s data, or the value itself. */
export type DataOf<R> =
  R extends TypedResponse<infer D>
    ? D
    : R extends Response
      ? unknown
      : R extends { type: string; data: infer D; init: ResponseInit | null }
        ? D
        : R;

/**
 * A loader's or action's answer as `{ status, headers, data }`: a Response's status, headers and body
 * (JSON when it says so, else its text, null when empty); `data()`'s status (200 unless set) and headers;
 * a plain value as a 200 with no headers.
 */
export async function loaderResult<R>(answer: R): Promise<LoaderResult<DataOf<Awaited<R>>>> {
  const value: unknown = await answer;
  if (value instanceof Response) {
    const text = await value.text();
    const json = (value.headers.get("Content-Type") ?? "").includes("json");
    const body: unknown = text === "" ? null : json ? JSON.parse(text) : text;
    return { status: value.status, headers: value.headers, data: body as DataOf<Awaited<R>> };
  }
  if (isDataAnswer(value)) {
    const init = value.init ?? {};
    return { status: init.status ?? 200, headers: new Headers(init.headers), data: value.data as DataOf<Awaited<R>> };
  }
  return { status: 200, headers: new Headers(), data: value as DataOf<Awaited<R>> };
}
