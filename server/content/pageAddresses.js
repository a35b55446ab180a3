/**
 * The addresses of dealers' content pages (tenants/<slug>/pages/<page>.md, over tenants/_defaults/pages/):
 * the spec's linked and group pages. One list for remix.config.js (which gives each address to the
 * content route) and the server (which serves a dealer's file only under these names). Plain JavaScript,
 * as the Remix configuration reads it before any TypeScript is compiled.
 */
export const CONTENT_PAGE_ADDRESSES = [
  "about-us",
  "careers",
  "fleet",
  "privacy-policy",
  "terms-and-conditions",
  "faqs",
  "service",
  "vehicle-parts-and-accessories",
  "roadside-assistance",
  "warranty",
  "newenergy",
  "twg-cars",
  "twg-rental",
  "twg-tyres",
  "finance-and-insurance",
  "neotek",
  "4x4-outdoor",
  "autopact-handback-guarantee",
  "autopact-protection-plan",
  "ultratek",
];
