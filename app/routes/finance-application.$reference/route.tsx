/**
 * /finance-application/{reference}: where the embedded finance broker sends a shopper once their
 * application is in (spec 001 section 4: 'on success redirect to the returned URL'). The reference to
 * quote, the car, the amount, term and credit history, the figures quoted, and what happens next.
 * See application.server.ts for who may see it.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { button, container } from "~/styles/ui.css";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { applicationLoader } from "./application.server";
import * as styles from "./application.css";
import { Photo } from "~/components/photo/Photo";

export const loader = (args: LoaderFunctionArgs) => applicationLoader(args);
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Finance application received | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
export const ErrorBoundary = GeneralErrorBoundary;

/** The comparison rate warning Australian credit law requires wherever a comparison rate is shown. */
const COMPARISON_WARNING =
  "Comparison rate calculated on a secured loan of $30,000 over 5 years with monthly repayments, including the establishment fee and monthly account fee. WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.";

export default function FinanceApplicationPage() {
  const { application: a, searchPath } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <div className={styles.layout}>
        <div className={styles.main}>
          <section className={styles.hero} aria-labelledby="application-title">
            <span className={styles.tick} aria-hidden="true">
              ✓
            </span>
            <h1 id="application-title" className={styles.title}>
              {a.firstName ? `Thanks ${a.firstName}, your finance application is in` : "Your finance application is in"}
            </h1>
            <p className={styles.lead}>
              {a.dealer.name}'s finance team has your details{a.receivedOn ? ` (received ${a.receivedOn})` : ""}. Getting this quote has no
              impact on your credit score.
            </p>
          </section>

          <div className={styles.referenceBox} data-testid="application-reference">
            <p className={styles.referenceLabel}>Your reference</p>
            <p className={styles.referenceValue}>{a.reference}</p>
            <p className={styles.referenceHint}>Quote it whenever you talk to us about this application.</p>
          </div>

          <section aria-labelledby="next-steps">
            <h2 id="next-steps" className={styles.sectionTitle}>
              What happens next
            </h2>
            <ol className={styles.steps}>
              <li className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  1
                </span>
                <div>
                  <h3 className={styles.stepTitle}>We look over your application</h3>
                  <p className={styles.stepText}>Our finance team checks the details you gave us and finds the lenders that suit them.</p>
                </div>
              </li>
              <li className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  2
                </span>
                <div>
                  <h3 className={styles.stepTitle}>We call you</h3>
                  <p className={styles.stepText}>
                    Expect a call on {a.phone || "your mobile"} to talk through your options. Have your licence and recent payslips handy.
                  </p>
                </div>
              </li>
              <li className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  3
                </span>
                <div>
                  <h3 className={styles.stepTitle}>Approval, then your car</h3>
                  <p className={styles.stepText}>Once a lender approves your loan, we prepare the paperwork and get your car ready.</p>
                </div>
              </li>
            </ol>
          </section>

          <div className={styles.actions}>
            {a.car?.href ? (
              <Link to={a.car.href} className={button.primary}>
                Back to the car
              </Link>
            ) : null}
            <Link to={searchPath} className={a.car?.href ? button.outline : button.primary}>
              Browse our cars
            </Link>
            <a href={a.dealer.phoneHref} className={button.ghost}>
              Call {a.dealer.phone}
            </a>
          </div>
        </div>

        <aside className={styles.summary} aria-labelledby="application-summary" data-testid="application-summary">
          <h2 id="application-summary" className={styles.sectionTitle} style={{ margin: 0 }}>
            Your application
          </h2>
          {a.car ? (
            <div>
              {a.car.image ? (
                <Photo source={a.car.image} layout="aside" alt="" width={480} height={360} className={styles.carImage} />
              ) : null}
              <p className={styles.carTitle} style={{ marginTop: a.car.image ? "12px" : 0 }}>
                {a.car.title}
              </p>
              {a.car.details.length ? <p className={styles.carDetails}>{a.car.details.join(" · ")}</p> : null}
            </div>
          ) : (
            <p className={styles.carDetails}>No car chosen yet: we'll help you find one within your budget.</p>
          )}
          <hr className={styles.divider} />
          <dl className={styles.figures}>
            <dt className={styles.figureLabel}>Amount</dt>
            <dd className={styles.figureValue}>{a.amount}</dd>
            <dt className={styles.figureLabel}>Loan term</dt>
            <dd className={styles.figureValue}>{a.term}</dd>
            <dt className={styles.figureLabel}>Credit history</dt>
            <dd className={styles.figureValue}>{a.credit}</dd>
          </dl>
          {a.quote ? (
            <>
              <div className={styles.weekly}>
                <p className={styles.weeklyAmount}>{a.quote.weekly}</p>
                <p className={styles.weeklyNote}>estimated weekly repayment</p>
              </div>
              <dl className={styles.figures}>
                <dt className={styles.figureLabel}>Interest rate</dt>
                <dd className={styles.figureValue}>{a.quote.advertisedRate}</dd>
                <dt className={styles.figureLabel}>Comparison rate*</dt>
                <dd className={styles.figureValue}>{a.quote.comparisonRate}</dd>
              </dl>
              <p className={styles.warning}>* {COMPARISON_WARNING}</p>
            </>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
