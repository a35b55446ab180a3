/**
 * What the 'application received' page shows (pure, tested in applicationView.test.ts): the reference,
 * the car, the amount, term and credit history chosen, the figures quoted when the shopper applied, and
 * who calls them next. Built from the stored application and, when it named one, the dealer's car.
 */
import { CREDIT_SCORE_LABELS, isCreditScore } from "~/domain/finance/financeForm";
import { formatDollarsAndCents, formatMoney } from "~/domain/money";
import { formatPhone, telHref } from "~/domain/phone";
import { formatLongDate, todayIso } from "~/domain/regoExpiry";
import { vehicleTitle, type Vehicle } from "~/domain/vehicle";

export interface ApplicationCar {
  title: string;
  /** The car's page while it is on the website, else null. */
  href: string | null;
  image: string | null;
  /** Year, VIN: what the application names when the car itself is not at hand. */
  details: string[];
}

export interface ApplicationView {
  reference: string;
  firstName: string;
  receivedOn: string | null;
  car: ApplicationCar | null;
  amount: string;
  term: string;
  credit: string;
  /** The embedded broker's figures at the time (a YouX application has its own at YouX). */
  quote: { weekly: string; advertisedRate: string; comparisonRate: string } | null;
  phone: string;
  dealer: { name: string; phone: string; phoneHref: string };
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const percent = (value: number) => `${value.toFixed(2)}% p.a.`;

export function applicationView(input: {
  reference: string;
  payload: Record<string, unknown>;
  createdAt: string;
  vehicle: Vehicle | null;
  dealer: { name: string; phone: string };
}): ApplicationView {
  const { payload, vehicle } = input;
  const amount = num(payload.purchasePrice);
  const term = num(payload.loanTerm);
  const credit = text(payload.selfAssessedCreditScore);
  const year = num(payload.year);
  const vin = text(payload.vin);
  const quote = (payload.quote ?? null) as Record<string, unknown> | null;
  const weekly = num(quote?.weeklyRepaymentAmount);
  const advertised = num(quote?.advertisedRate);
  const comparison = num(quote?.comparisonRate);
  const received = new Date(input.createdAt);
  const details = [...(year ? [String(year)] : []), ...(vin ? [`VIN ${vin}`] : [])];

  let car: ApplicationCar | null = null;
  if (vehicle) {
    const onSite = vehicle.show_on_dealer_website !== false;
    car = {
      title: vehicle.name?.trim() || vehicleTitle(vehicle),
      href: onSite ? `/cars/${vehicle.slug}` : null,
      image: onSite && vehicle.primary_image_url ? vehicle.primary_image_url : null,
      details: vin ? [`VIN ${vin}`] : [],
    };
  } else if (details.length) {
    car = { title: year ? `${year} car` : "Your car", href: null, image: null, details };
  }

  return {
    reference: input.reference,
    firstName: text(payload.firstName),
    receivedOn: Number.isNaN(received.getTime()) ? null : formatLongDate(todayIso(received)),
    car,
    amount: amount !== null ? formatMoney(amount) : "",
    term: term !== null ? `${term} ${term === 1 ? "year" : "years"}` : "",
    credit: isCreditScore(credit) ? CREDIT_SCORE_LABELS[credit] : "",
    quote:
      weekly !== null && advertised !== null && comparison !== null
        ? { weekly: formatDollarsAndCents(weekly), advertisedRate: percent(advertised), comparisonRate: percent(comparison) }
        : null,
    phone: formatPhone(text(payload.phoneNumber)),
    dealer: { name: input.dealer.name, phone: formatPhone(input.dealer.phone), phoneHref: telHref(input.dealer.phone) },
  };
}
