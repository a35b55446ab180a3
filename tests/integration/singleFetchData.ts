/**
 * What the server hands the browser as data with single fetch, read back as the browser reads it: a
 * page's loader data (turbo-stream, in the page's inline scripts) and a `/<path>.data` answer. The same
 * turbo-stream version as Remix's own (package.json pins it to @remix-run/react's), with the plugins its
 * client decodes with (errors, redirects, class instances) reduced to what a test reads.
 */
import { decode } from "turbo-stream";

const plugins = {
  plugins: [
    (type: string, ...rest: unknown[]) =>
      type === "SanitizedError" || type === "ErrorResponse" || type === "SingleFetchRedirect" ? { value: { [type]: rest } } : undefined,
  ],
  postPlugins: [
    (type: string, value: unknown) =>
      type === "SingleFetchFallback" ? { value: undefined } : type === "SingleFetchClassInstance" ? { value } : undefined,
  ],
};

async function decodeText(chunks: string[]): Promise<unknown> {
  const bytes = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes.encode(chunk));
      controller.close();
    },
  });
  const decoded = await decode(stream, plugins);
  await decoded.done;
  return decoded.value;
}

/** The page's loader data by route id (`root`, `routes/cars.$slug`...). */
export async function loaderDataOf(html: string): Promise<Record<string, Record<string, unknown>>> {
  const chunks = [...html.matchAll(/window\.__remixContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)].map(
    (m) => JSON.parse(m[1]) as string,
  );
  if (!chunks.length) throw new Error("no single fetch data in the page");
  const context = (await decodeText(chunks)) as { loaderData: Record<string, Record<string, unknown>> };
  return context.loaderData;
}

/** A `.data` answer: each loaded route's `{ data }` (or `{ error }`), by route id. */
export async function dataAnswerOf(text: string): Promise<Record<string, { data?: unknown; error?: unknown }>> {
  return (await decodeText([text])) as Record<string, { data?: unknown; error?: unknown }>;
}
