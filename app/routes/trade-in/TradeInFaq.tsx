/**
 * The trade-in page's questions (spec 001 section 2: what vehicles are bought, how the estimate is
 * calculated, the exact price, cars under finance, where the inspection happens), as collapsible
 * panels that are plain <details>, so they open and close without JavaScript.
 */
import * as styles from "./tradeIn.css";

export function TradeInFaq({ siteName, inspection }: { siteName: string; inspection: { name: string; address: string } }) {
  return (
    <section className={styles.faq} aria-labelledby="trade-in-faq-title">
      <h2 id="trade-in-faq-title" className={styles.faqTitle}>
        Trade-in questions
      </h2>
      <details className={styles.faqItem}>
        <summary>What vehicles do you buy?</summary>
        <div>
          <p>
            We buy most registered cars, SUVs, utes and vans of any make, whether or not you buy your next car from us. Your car doesn't
            need to be perfect: we take condition, kilometres and history into account.
          </p>
          <p>
            We give an online estimate for cars up to 7 years old with up to 100,000 km. For older cars or higher kilometres, our team will
            call you to arrange a price.
          </p>
        </div>
      </details>
      <details className={styles.faqItem}>
        <summary>How is my estimate calculated?</summary>
        <div>
          <p>
            We start from what cars like yours sell for: the prices of comparable cars (same make and model, a similar year) in our stock
            and the market prices recorded for them, adjusted to your car's year and kilometres. Where there are too few, we use the car's
            new price less its age and kilometres.
          </p>
          <p>
            We offer a trade price of 80% of that market value, which covers our inspection, reconditioning, warranty and selling costs,
            then adjust it for the answers you give: overall condition, accident and service history, and a missing second key. Your offer
            shows each step.
          </p>
        </div>
      </details>
      <details className={styles.faqItem}>
        <summary>Is the online estimate the exact price I'll get?</summary>
        <div>
          <p>
            It is our offer for the car you describe. Once a quick inspection confirms your answers, it is the price we pay. If we find
            something you didn't mention, such as damage or a warning light, we'll explain any change before you decide. An online offer
            stands for 7 days.
          </p>
        </div>
      </details>
      <details className={styles.faqItem}>
        <summary>Can I trade in a car that still has finance owing?</summary>
        <div>
          <p>
            Yes. Tell us there is finance owing and bring your lender's payout letter. We pay your lender out of the price at settlement and
            the rest goes to you or towards your next car. If you owe more than the car is worth, the difference is added to your
            change-over.
          </p>
        </div>
      </details>
      <details className={styles.faqItem}>
        <summary>Where does the inspection happen?</summary>
        <div>
          <p>
            At {inspection.name}, {inspection.address}. It takes about 20 minutes; bring the car, its keys and its service books. If you
            can't come to us, ask the {siteName} team about inspecting it at your home or work.
          </p>
        </div>
      </details>
    </section>
  );
}
