/**
 * Sharing a listing (spec 000 sections 2, 5 and 9): copy the link ('Copied' for 1.5 s and a toast), or
 * Facebook, Twitter and WhatsApp in a 550x400 window; the networks need a non-empty URL.
 */

export const COPIED_LABEL_MS = 1500;
export const SHARE_WINDOW = { width: 550, height: 400 } as const;

export function copiedToast(carName: string): string {
  return `Copied ${carName} to your clipboard!`;
}

export interface ShareLinks {
  facebook: string;
  twitter: string;
  whatsapp: string;
}

export function shareLinks(url: string | null | undefined, text: string): ShareLinks | null {
  const link = (url ?? "").trim();
  if (!link) return null;
  const u = encodeURIComponent(link);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text ? `${text} ${link}` : link)}`,
  };
}

/** window.open features for a share window of 550x400, centred over the page where possible. */
export function shareWindowFeatures(screen?: { width: number; height: number }): string {
  const { width, height } = SHARE_WINDOW;
  const left = screen ? Math.max(0, Math.round((screen.width - width) / 2)) : 0;
  const top = screen ? Math.max(0, Math.round((screen.height - height) / 2)) : 0;
  return `width=${width},height=${height},left=${left},top=${top}`;
}
