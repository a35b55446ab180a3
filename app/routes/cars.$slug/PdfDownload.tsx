/**
 * The brochure download (spec 000 section 4): 'Preparing...' while the PDF is made, then a file named
 * {slug}.pdf; an alert with the message when it fails. Without JavaScript it is a plain download link.
 */
import { useState, type MouseEvent } from "react";
import { Icon } from "./icons";
import * as styles from "./Sidebar.css";

export function PdfDownload({ href, slug }: { href: string; slug: string }) {
  const [busy, setBusy] = useState(false);
  const fileName = `${slug}.pdf`;
  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error((await response.text()) || `The brochure could not be made (${response.status}).`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      window.alert(error instanceof Error ? error.message : "The brochure could not be made.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <a
      href={href}
      download={fileName}
      className={styles.tool}
      onClick={download}
      aria-disabled={busy ? "true" : undefined}
      aria-live="polite"
    >
      <Icon name="pdf" size={18} /> {busy ? "Preparing..." : "Download PDF"}
    </a>
  );
}
