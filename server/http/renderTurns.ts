/**
 * Renders take turns: at most `limit` at once in a web process, the others waiting first come first
 * served (RENDER_CONCURRENCY). A render holds the one event loop for milliseconds at a time, and twenty
 * interleaved would put every answer from the page cache behind all of them; with turns, stored pages
 * are answered between renders. A turn ends when the answer's head is ready (the page's loaders done and
 * its render under way), so a slow client reading the body never holds one.
 *
 * Each render starts in an event-loop turn of its own. With the embedded database and search engine a
 * render's loaders answer without waiting for the network, so a render can run from start to head
 * without giving the loop back; and a finished render hands its turn to the next in the same breath.
 * Without this pause, a queue of renders ran back to back while requests for stored pages waited.
 */
import pLimit from "p-limit";

const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function inTurns<A extends unknown[]>(limit: number, handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  const turn = pLimit(limit);
  return (...args: A) =>
    turn(async () => {
      await nextLoopTurn();
      return handler(...args);
    });
}
