/** Smaller blocks of the vehicle page: breadcrumbs, where the car is, the enquiry form and the disclaimer. */
import { useSearchParams } from "@remix-run/react";
import { Link } from "~/components/Link";
import { useState, type MouseEvent } from "react";
import { disclaimerPreview } from "~/domain/finance/lenderDisplay";
import { button } from "~/styles/ui.css";
import { Icon } from "./icons";
import { LeadForm } from "~/components/forms/LeadForm";
import type { VehiclePageCar } from "~/domain/vehiclePage";
import * as styles from "~/components/vehicle/vehicle.css";

export function Breadcrumbs({ trail, current }: { trail: { label: string; href: string }[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.crumbs}>
      <ol className={styles.crumbList}>
        {trail.map((c) => (
          <li key={c.href + c.label}>
            <Link to={c.href}>{c.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}

export function LocationSection({ location }: { location: NonNullable<VehiclePageCar["location"]> }) {
  return (
    <section id="vehicle-map" className={styles.section} aria-labelledby="vehicle-map-title">
      <h2 id="vehicle-map-title" className={styles.sectionTitle}>
        Where to See This Car
      </h2>
      <p style={{ margin: "0 0 4px", fontWeight: 700 }}>{location.name}</p>
      <p style={{ margin: 0, display: "flex", gap: "6px", alignItems: "center" }}>
        <Icon name="pin" size={18} /> {location.address}
      </p>
      <p className={styles.actionsRow}>
        <a href={location.directions} target="_blank" rel="noopener" className={button.outline}>
          Get Directions
        </a>
      </p>
    </section>
  );
}

export function EnquirySection({
  car,
  label,
  messageRequired,
  optInShown,
}: {
  car: VehiclePageCar;
  label: string;
  messageRequired: boolean;
  optInShown: boolean;
}) {
  return (
    <section id="enquire" className={styles.section} aria-labelledby="enquire-title">
      <h2 id="enquire-title" className={styles.sectionTitle}>
        {label === "Instant Message" ? "Message Us About This Car" : "Enquire About This Car"}
      </h2>
      <p className={styles.sectionIntro}>Ask us anything about the {car.title}. We usually reply within one business hour.</p>
      <LeadForm
        form="enquiry"
        submitLabel="Send Enquiry"
        message={{
          label: "Comments",
          required: messageRequired,
          defaultValue: `Hi, I'm interested in the ${car.title}${car.stocknum ? ` (stock ${car.stocknum})` : ""}. Is it still available?`,
        }}
        optInShown={optInShown}
        anchor="enquire"
      />
    </section>
  );
}

/** The features banner (spec 000 section 2): offers, service booking and selling your car. */
export function FeaturesBanner({ links }: { links: { offers: string; service: string | null; sellYourCar: string } }) {
  const items = [
    { href: links.offers, title: "Special Offers", text: "This month's deals across our range." },
    // A dealer without a workshop has no service to book.
    ...(links.service
      ? [{ href: links.service, title: "Book a Service", text: "Capped-price servicing by factory-trained technicians." }]
      : []),
    { href: links.sellYourCar, title: "Sell Your Car", text: "A fair price for your car, paid fast." },
  ];
  return (
    <nav aria-label="More from us" className={styles.featuresBanner}>
      {items.map((i) => (
        <a key={i.title} href={i.href} className={styles.featureLink}>
          <strong>{i.title}</strong>
          <span>{i.text}</span>
        </a>
      ))}
    </nav>
  );
}

export function Disclaimer({ financeDisclaimer }: { financeDisclaimer: string }) {
  return (
    <section className={styles.section} aria-label="Disclaimer">
      <p className={styles.disclaimer}>
        While we take care to keep the details on this page accurate, errors can happen and specifications, equipment and prices can change.
        Please confirm anything important to you with us before you buy. See our{" "}
        <Link to="/terms-and-conditions">terms and conditions</Link>.
      </p>
      <FinanceDisclaimer text={financeDisclaimer} />
    </section>
  );
}

/** Asks for the whole finance disclaimer without JavaScript (the page comes back with it open). */
const DISCLAIMER_PARAM = "disclaimer";

/**
 * The finance disclaimer (#financeDisclaimer): the shown lender's own text or the dealer's, cut to its
 * first 197 characters with 'Show More' / 'Show Less' (spec 001 sections 4 and 9). The toggles are
 * links to the page with and without `?disclaimer=full`, so they work without JavaScript; with it they
 * open and close in place.
 */
function FinanceDisclaimer({ text }: { text: string }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(params.get(DISCLAIMER_PARAM) === "full");
  const { preview, truncated } = disclaimerPreview(text);
  const toggleHref = (full: boolean) => {
    const next = new URLSearchParams(params);
    if (full) next.set(DISCLAIMER_PARAM, "full");
    else next.delete(DISCLAIMER_PARAM);
    const query = next.toString();
    return `${query ? `?${query}` : "?"}#financeDisclaimer`;
  };
  const toggle = (full: boolean) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setOpen(full);
  };
  return (
    <p id="financeDisclaimer" className={styles.disclaimer} style={{ marginTop: "8px" }} data-testid="finance-disclaimer">
      *{truncated && !open ? preview : text}
      {truncated ? (
        <>
          {" "}
          <a href={toggleHref(!open)} onClick={toggle(!open)} aria-expanded={open} rel="nofollow">
            {open ? "Show Less" : "Show More"}
          </a>
        </>
      ) : null}
    </p>
  );
}
