/**
 * The captcha widget of a lead form, loaded with its own chunk the first time the shopper starts on the
 * form (CaptchaField.tsx), never with the page. It asks GET /api/captcha what the dealer's site uses:
 * the embedded ALTCHA proof of work (the `altcha` widget, its worker a file of this site so the page's
 * Content-Security-Policy allows it) or Cloudflare Turnstile (Cloudflare's script, with the site key).
 * Either puts its answer in a hidden field of the form. A form sent before the widget has finished waits
 * for it and is then sent; if the widget fails, the form goes anyway and the server asks its question.
 */
import altchaStylesheet from "altcha/altcha.css?url";
import { useEffect, useRef, useState } from "react";
import * as styles from "./Field.css";

type Widget = { provider: "altcha" } | { provider: "turnstile"; siteKey: string } | { provider: "none" };

/** Where the widget learns what to show, and where ALTCHA fetches a (new) challenge. */
export const CAPTCHA_API = "/api/captcha";
const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

interface TurnstileApi {
  render(el: HTMLElement, options: Record<string, unknown>): string;
}

/**
 * The widget's styles, linked when the widget first loads: they stay out of the site's one stylesheet
 * (decision 20), as most pages never show a captcha.
 */
function loadStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

async function loadAltcha(): Promise<void> {
  // The widget without its bundled workers (they would be blob: URLs the page's CSP refuses), its
  // styles and the PBKDF2 worker as files of this site.
  const [, , worker] = await Promise.all([
    import("altcha/external"),
    loadStylesheet(altchaStylesheet),
    import("altcha/workers/pbkdf2?worker"),
  ]);
  const registry = (globalThis as unknown as { $altcha?: { algorithms: Map<string, () => Worker> } }).$altcha;
  registry?.algorithms.set("PBKDF2/SHA-256", () => new worker.default());
}

let turnstileLoading: Promise<TurnstileApi> | null = null;
function loadTurnstile(): Promise<TurnstileApi> {
  turnstileLoading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { turnstile?: TurnstileApi }).turnstile;
      if (api) resolve(api);
      else reject(new Error("Turnstile did not start"));
    };
    script.onerror = () => reject(new Error("Turnstile could not be loaded"));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    turnstileLoading = null;
    throw error;
  });
  return turnstileLoading;
}

/**
 * Holds a form sent before the widget has its answer: the send waits (the shopper sees the widget
 * working) and goes as soon as the answer is in, or as it is if the widget gives up.
 */
function holdSubmitUntil(form: HTMLFormElement, ready: { current: "working" | "done" }) {
  let waiting: HTMLElement | null | undefined;
  const onSubmit = (event: SubmitEvent) => {
    if (ready.current === "done") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    waiting = event.submitter;
  };
  form.addEventListener("submit", onSubmit);
  return {
    release() {
      ready.current = "done";
      if (waiting !== undefined) {
        const submitter = waiting;
        waiting = undefined;
        form.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : undefined);
      }
    },
    dispose: () => form.removeEventListener("submit", onSubmit),
  };
}

export default function CaptchaWidget() {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const host = box.current;
    const form = host?.closest("form");
    if (!host || !form) return;
    let live = true;
    const ready = { current: "working" as "working" | "done" };
    const hold = holdSubmitUntil(form, ready);
    const giveUp = () => {
      if (live) setFailed(true);
      hold.release();
    };

    void (async () => {
      const widget = (await fetch(CAPTCHA_API, { headers: { Accept: "application/json" } }).then((r) => r.json())) as Widget;
      if (!live) return;
      if (widget.provider === "none") return hold.release();
      if (widget.provider === "altcha") {
        await loadAltcha();
        if (!live) return;
        const element = document.createElement("altcha-widget");
        element.setAttribute("challenge", `${CAPTCHA_API}?challenge=altcha`);
        element.setAttribute("auto", "onload");
        element.setAttribute("name", "altcha");
        element.setAttribute("configuration", JSON.stringify({ hideFooter: true, hideLogo: true }));
        element.addEventListener("statechange", (event) => {
          const state = (event as CustomEvent<{ state?: string }>).detail?.state;
          if (state === "verified") hold.release();
          else if (state === "error" || state === "expired") giveUp();
        });
        host.appendChild(element);
        return;
      }
      const turnstile = await loadTurnstile();
      if (!live) return;
      turnstile.render(host, {
        sitekey: widget.siteKey,
        callback: () => hold.release(),
        "error-callback": giveUp,
        "expired-callback": giveUp,
      });
    })().catch(giveUp);

    return () => {
      live = false;
      hold.dispose();
    };
  }, []);

  return (
    <div className={styles.captchaWidget} data-testid="captcha-widget">
      <div ref={box} />
      {failed ? <p className={styles.hint}>The check could not finish here; you may be asked a quick question after sending.</p> : null}
    </div>
  );
}
