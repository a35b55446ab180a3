/**
 * The valuation's offer (route.tsx): the price, the change-over sums, how it was worked out, and Accept or
 * Decline as a plain form (without JavaScript it posts and comes back as HTML). A lazy part of the page:
 * its code loads after the page, while the server renders it whole.
 */
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useHydrated } from "~/components/useHydrated";
import { formatMoney } from "~/domain/money";
import { alert, button } from "~/styles/ui.css";
import type { action } from "./route";
import type { TradeInOffer, TradeInPageData } from "./tradeIn.server";
import * as styles from "./tradeIn.css";
import { ENHANCED_FIELD, TRADE_IN_FORM_IDS, VALUATION_FIELD } from "./tradeInSteps";

export function OfferStep({ data, offer }: { data: TradeInPageData; offer: TradeInOffer }) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const refusal = useActionData<typeof action>() as { formId?: string; fieldErrors?: Record<string, string> } | undefined;
  const error = refusal?.formId === TRADE_IN_FORM_IDS.decision ? refusal.fieldErrors?.form : undefined;
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "decision";
  const total = offer.lines.reduce((sum, line) => sum + (line.amount ?? 0), 0);
  return (
    <>
      <div className={styles.offerBox}>
        <p className={styles.offerLabel}>Our offer for your {data.vehicle?.line ?? "car"}</p>
        <p className={styles.offerPrice} data-testid="trade-in-offer">
          {formatMoney(offer.price)}
        </p>
        <p className={styles.offerTerms}>Subject to a quick inspection confirming your answers. Valid for {offer.validDays} days.</p>
      </div>
      {offer.changeOver && data.car ? (
        <dl className={styles.sums} data-testid="trade-in-change-over">
          <dt>{data.car.title}</dt>
          <dd>{formatMoney(offer.changeOver.carPrice)}</dd>
          <dt>Less your trade-in</dt>
          <dd>-{formatMoney(offer.price)}</dd>
          {/* A trade-in worth more than the car is money the dealer pays ('We pay you'), not a negative price. */}
          <dt>{offer.changeOver.line.label}</dt>
          <dd data-testid="trade-in-change-over-amount">{offer.changeOver.line.text}</dd>
        </dl>
      ) : null}
      <details className={styles.workings}>
        <summary>How we worked out this offer</summary>
        <table className={styles.workingsTable}>
          <tbody>
            {offer.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.label}</td>
                <td>{line.amount === null ? "" : i === 0 ? formatMoney(line.amount) : signedMoney(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          {total === offer.price ? (
            <tfoot>
              <tr>
                <td>Our offer</td>
                <td>{formatMoney(offer.price)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </details>
      {error ? (
        <p role="alert" className={alert}>
          {error}
        </p>
      ) : null}
      <Form method="post" action={`${location.pathname}${location.search}#trade-in-form`} id={TRADE_IN_FORM_IDS.decision}>
        <input type="hidden" name="intent" value="decision" />
        <input type="hidden" name={VALUATION_FIELD} value={data.valuationId ?? ""} />
        {hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null}
        <p className={styles.actions}>
          <button type="submit" name="decision" value="accept" className={button.accent} disabled={sending}>
            Accept Offer
          </button>
          <button type="submit" name="decision" value="decline" className={button.ghost} disabled={sending}>
            Decline
          </button>
        </p>
      </Form>
    </>
  );
}

function signedMoney(amount: number): string {
  if (amount === 0) return "no change";
  return amount < 0 ? `-${formatMoney(-amount)}` : `+${formatMoney(amount)}`;
}
