import type { LinkClick } from "~/components/Link";

/**
 * A plain left click on a link with these attributes, as the click rules read it (`closest("a[attr]")`
 * finds the link when it has that attribute), or on the page's text with `anchor` null; `event` changes
 * buttons and keys.
 */
export function clickOnLink(anchor: Record<string, string> | null, event: Partial<LinkClick> = {}): LinkClick {
  const element = anchor && {
    getAttribute: (name: string) => anchor[name] ?? null,
    hasAttribute: (name: string) => name in anchor,
  };
  const wanted = (selector: string) => /^a\[([\w-]+)\]$/.exec(selector)?.[1];
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    target: {
      closest: (selector: string) => {
        const attribute = wanted(selector);
        return anchor && attribute && attribute in anchor ? element : null;
      },
    } as never,
    ...event,
  };
}
