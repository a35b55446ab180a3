/**
 * Dealer comments (spec 000 section 4): collapsed to 400 characters with a more/less toggle; when there
 * are none, a fixed 'pending' message.
 */

export const COMMENTS_PREVIEW_CHARS = 400;
export const COMMENTS_PENDING = "Dealer comments are pending. Please check back here later.";

export type DealerCommentsView =
  | { kind: "pending"; text: string }
  | { kind: "full"; paragraphs: string[] }
  | { kind: "collapsed"; preview: string; rest: string[]; paragraphs: string[] };

/** Paragraphs as the dealer typed them (blank lines or line breaks), tidied of stray whitespace. */
export function commentParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n+/)
    .map((p) => p.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean);
}

/**
 * The first 400 characters (cut back to the last word boundary so no word is split), and the
 * paragraphs that hold the remainder, for the 'more' part.
 */
export function dealerCommentsView(text: string | null | undefined, limit = COMMENTS_PREVIEW_CHARS): DealerCommentsView {
  const paragraphs = commentParagraphs(text ?? "");
  if (paragraphs.length === 0) return { kind: "pending", text: COMMENTS_PENDING };
  const joined = paragraphs.join("\n");
  if (joined.length <= limit) return { kind: "full", paragraphs };
  let cut = limit;
  const lastSpace = joined.slice(0, limit + 1).search(/\s\S*$/);
  if (lastSpace > limit * 0.6) cut = lastSpace;
  const preview = joined.slice(0, cut).trimEnd();
  const rest = commentParagraphs(joined.slice(cut));
  return { kind: "collapsed", preview, rest, paragraphs };
}
