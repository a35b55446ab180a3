import { Link } from "~/components/Link";
import type { PublicSite } from "@server/tenants/publicSite";
import { footerPhones } from "~/domain/callDealer";
import { formatPhone, telHref } from "~/domain/phone";
import { container } from "~/styles/ui.css";
import type { HeaderCatalogue } from "~/domain/headerCatalogue";
import * as styles from "./SiteFooter.css";

const PAYMENT_METHODS = ["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"];

export function SiteFooter({ site, catalogue }: { site: PublicSite; catalogue?: HeaderCatalogue }) {
  const year = new Date().getFullYear();
  const groups = [
    ...site.menus.footer.map((g) => ({
      title: g.title,
      links:
        g.kind === "models"
          ? [...(catalogue?.models ?? []).slice(0, 8), { label: "All vehicles", href: site.paths.searchPrefix }]
          : g.links,
    })),
    { title: site.footer.companyGroupTitle ?? site.name, links: site.footer.companyLinks },
  ];
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <div className={styles.groups}>
          <section className={styles.group}>
            <h2 className={styles.heading}>{site.name}</h2>
            <p className={styles.address}>
              {site.primaryLocation.street}
              <br />
              {site.primaryLocation.city} {site.primaryLocation.state} {site.primaryLocation.postcode}
            </p>
            {/* Every number with what it is for (issue 26): the main yard's department, enquiries, service. */}
            <ul className={styles.phones}>
              {footerPhones({
                contactPhone: site.contact.phone,
                primary: { phone: site.primaryLocation.phone, label: site.primaryLocation.department },
                service: site.servicePhone,
              }).map(({ label, phone }) => (
                <li key={label}>
                  {label}:{" "}
                  <a className={styles.link} href={telHref(phone)}>
                    {formatPhone(phone)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          {groups.map((group) => (
            <nav key={group.title} className={styles.group} aria-label={group.title}>
              <h2 className={styles.heading}>{group.title}</h2>
              <ul className={styles.list}>
                {group.links.map((link) => (
                  <li key={link.href + link.label}>
                    <Link className={styles.link} to={link.href}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        {site.footer.showPaymentsStrip ? (
          <ul className={styles.payments} aria-label="Payments accepted">
            {PAYMENT_METHODS.map((method) => (
              <li key={method} className={styles.payment}>
                {method}
              </li>
            ))}
          </ul>
        ) : null}
        <p className={styles.subtext}>
          {site.footer.dealerLicence ? <span>Dealer Licence {site.footer.dealerLicence}</span> : null}
          {site.footer.motorVehicleRepairer ? <span>Motor Vehicle Repairer {site.footer.motorVehicleRepairer}</span> : null}
          <span>
            © {year} {site.legalName}. All rights reserved.
          </span>
          <Link className={styles.link} to="/pages/unsubscribe">
            Unsubscribe
          </Link>
          <Link className={styles.link} to="/privacy-policy">
            Privacy Policy
          </Link>
        </p>
      </div>
    </footer>
  );
}
