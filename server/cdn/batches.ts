/**
 * What both purge adapters share: the tags a purge may send, and the calls they make, one batch at a
 * time, each batch as large as the provider allows.
 */
import { OutboundError } from "../http/outbound";
import { isTag } from "../http/surrogateKeys";
import { log } from "../log";
import { CdnPurgeError } from "./port";

/** The tags, each once, that an answer could carry (anything else could not match a copy, and is left out). */
export function purgeableTags(provider: string, tags: readonly string[]): string[] {
  const unique = [...new Set(tags)];
  const purgeable = unique.filter(isTag);
  if (purgeable.length < unique.length)
    log.warn(`${provider}: tags no answer could carry were left out of a purge`, { count: unique.length - purgeable.length });
  return purgeable;
}

/** Calls `purge` for each batch of at most `perCall` tags, in turn; every batch is tried, and any failure reported once. */
export async function purgeInBatches(
  provider: string,
  tags: readonly string[],
  perCall: number,
  purge: (batch: string[]) => Promise<void>,
): Promise<void> {
  const wanted = purgeableTags(provider, tags);
  const failures: { batch: string[]; error: unknown }[] = [];
  for (let at = 0; at < wanted.length; at += perCall) {
    const batch = wanted.slice(at, at + perCall);
    try {
      await purge(batch);
    } catch (error) {
      failures.push({ batch, error });
    }
  }
  if (!failures.length) return;
  const first = failures[0]!.error;
  // OutboundError's and the adapters' own messages name the provider and the status, never a token.
  const reason = first instanceof OutboundError || first instanceof CdnPurgeError ? first.message : `${provider}: purge failed`;
  const calls = Math.ceil(wanted.length / perCall);
  throw new CdnPurgeError(
    calls > 1 ? `${reason} (${failures.length} of ${calls} purge calls failed)` : reason,
    failures.flatMap((f) => f.batch),
    { cause: first },
  );
}
