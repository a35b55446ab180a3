/**
 * A busy phone, made certain. React's scheduler takes its turns through a MessageChannel; from the page's
 * first script, each turn it posts arrives `ms` late: from the start (`always`), or only while the page's
 * `busyPhone` flag is set (`busyPhone(page, true)`). Races a busy phone meets by chance then happen every time.
 */
import type { Page } from "@playwright/test";

export async function slowReactTurns(page: Page, ms: number, { always = false }: { always?: boolean } = {}): Promise<void> {
  await page.addInitScript(
    ({ ms, always }) => {
      const Native = window.MessageChannel;
      window.MessageChannel = class extends Native {
        constructor() {
          super();
          const port = this.port2;
          const post = port.postMessage.bind(port);
          port.postMessage = (message: unknown) => {
            if (always || (window as { busyPhone?: boolean }).busyPhone) setTimeout(() => post(message), ms);
            else post(message);
          };
        }
      };
    },
    { ms, always },
  );
}

/** Sets whether the page is busy now (for `slowReactTurns` without `always`). */
export async function busyPhone(page: Page, on: boolean): Promise<void> {
  await page.evaluate((on) => void ((window as { busyPhone?: boolean }).busyPhone = on), on);
}
