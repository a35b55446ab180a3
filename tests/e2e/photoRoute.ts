/**
 * Browser checks that a picture reaches the shopper through the photo route (/photos, decision 0018):
 * its src and every srcset candidate are the route's addresses, never the photo's own URL.
 */
import { expect, type Locator, type Page } from "@playwright/test";

const ROUTE_ADDRESS = /^\/photos\?src=[^&\s]+&w=\d+$/;

/** The img's src, and each of its srcset candidates when it has a srcset, are photo route addresses. */
export async function expectThroughPhotoRoute(img: Locator) {
  await expect(img).toHaveAttribute("src", ROUTE_ADDRESS);
  const srcset = await img.getAttribute("srcset");
  for (const candidate of srcset ? srcset.split(", ") : []) {
    const [address, width] = candidate.split(" ");
    expect(address).toMatch(ROUTE_ADDRESS);
    expect(width).toMatch(/^\d+w$/);
  }
}

/** The paths and queries of every picture the page fetched outside the photo route from the site's /media drawings. */
export function rawMediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === "image" && url.pathname.startsWith("/media/")) seen.push(url.pathname);
  });
  return seen;
}
