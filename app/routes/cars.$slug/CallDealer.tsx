/**
 * Call Now with the dealer's number for this car (spec 000 section 4, Phone reveal): where the dealer
 * masks numbers, it reads up to the first five characters until clicked; the click reveals it, sends
 * analytics event 25 and the reveal lead call. Without JavaScript the number is an ordinary tel: link,
 * unmasked, because only script could reveal it.
 */
import { useEffect } from "react";
import { maskPhone } from "~/domain/phone";
import type { ReportedLead } from "~/domain/analyticsPayloads";
import { reportLead } from "~/utils/dealerTags";
import { sendAnalyticsEvent } from "~/utils/analytics";
import { button } from "~/styles/ui.css";
import { Icon } from "./icons";
import { jsOnly } from "~/components/vehicle/JsOnly";
import type { VehiclePageData } from "~/domain/vehiclePage";
import * as styles from "./Sidebar.css";
import { EVENT } from "~/domain/analyticsEvents";

export interface PhoneReveal {
  revealed: boolean;
  reveal(): void;
}

/**
 * Tells the dealer a shopper asked for the number: the reveal lead call (website id comes from the host).
 * Where the dealer has its own analytics tags the answer carries the stored lead, reported to them.
 */
export function sendPhoneReveal(carId: string, dealershipId: string) {
  sendAnalyticsEvent(EVENT.phoneClick, { car_id: carId });
  const body = new URLSearchParams({ car_id: carId, dealership_id: dealershipId });
  void fetch("/api/phone-reveal", { method: "POST", body, keepalive: true })
    .then(async (response) => {
      if (response.status !== 200) return;
      const answer = (await response.json()) as { dealerLead?: ReportedLead };
      reportLead(answer.dealerLead);
    })
    .catch((error) => console.warn("Phone reveal not recorded", error));
}

export function CallDealer({
  phone,
  reveal,
  className = button.primary,
  label = "Call",
  showNumber = true,
}: {
  phone: VehiclePageData["phone"];
  reveal: PhoneReveal;
  className?: string;
  label?: string;
  /** Narrow bars show only the label; the number is in the tel: link. */
  showNumber?: boolean;
}) {
  useEffect(() => {
    if (!phone.display) console.warn("No phone number for this car");
  }, [phone.display]);
  if (!phone.display) return null;
  // Which line this is ('New car sales'), under the number: a group's header, footer and cars show
  // different numbers (issue 26). Narrow bars without the number name it in their accessible name.
  const line = showNumber ? <span className={styles.callLine}>{phone.label}</span> : null;
  const withLine = showNumber ? styles.callWithLine : "";
  if (phone.masked && !reveal.revealed) {
    return (
      <>
        <button type="button" className={`${className} ${withLine} ${jsOnly}`} onClick={reveal.reveal}>
          <Icon name="phone" size={18} /> {label} {showNumber ? <span className={styles.phone}>{maskPhone(phone.display)}</span> : null}
          {line}
          {/* Named by what it shows, the visible words first (WCAG 2.5.3, label in name). */}
          <span className="visually-hidden"> (show the dealer&apos;s phone number)</span>
        </button>
        <noscript>
          <a href={phone.tel} className={`${className} ${withLine}`}>
            <Icon name="phone" size={18} /> {label} {showNumber ? <span className={styles.phone}>{phone.display}</span> : null}
            {line}
          </a>
        </noscript>
      </>
    );
  }
  return (
    <a
      href={phone.tel}
      className={`${className} ${withLine}`}
      onClick={phone.masked ? undefined : () => sendAnalyticsEvent(EVENT.phoneClick, { kind: "call" })}
      aria-label={showNumber ? undefined : `${label} ${phone.label} ${phone.display}`}
    >
      <Icon name="phone" size={18} /> {label} {showNumber ? <span className={styles.phone}>{phone.display}</span> : null}
      {line}
    </a>
  );
}
