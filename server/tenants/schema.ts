/**
 * One zod schema for a dealer site's configuration. Every variant the specifications describe as
 * "on one tenant" or "on some sites" is a value here with the spec's default: code reads flags,
 * never a tenant's name.
 */
import { z } from "zod";
import { contrastRatio, isHexColour, nearestPassing, readableOn, TEXT_CONTRAST, themeContrastFailures } from "~/domain/colourContrast";
import { GARAGE_PATHS, GATED_SIGN_IN_TYPES, type GatedSignInType } from "~/domain/gating";
import { GA4_MEASUREMENT_ID, GTM_CONTAINER_ID, META_PIXEL_ID } from "~/domain/dealerTags";
import { PHOTO_SOURCE_ORIGIN } from "~/domain/photos";
import { FEED_FIELDS, FEED_PROFILE_NAMES } from "../stock/feedFields";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens");
const path = z.string().regex(/^\/(?!\/)[^\s]*$/, "must be a same-site path starting with /");
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #rrggbb colour");
const phone = z.string().regex(/^[0-9+ ()]{8,20}$/, "must be a phone number");

/** The sign-in types a dealer's gating can switch on: one list, with the gating rule (app/domain/gating.ts). */
export const GATED_KINDS = GATED_SIGN_IN_TYPES;
export type GatedKind = GatedSignInType;

/**
 * A dealer's look: colours, fonts and corners, filled into the theme contract (app/styles/theme.css.ts).
 * Every text/background pair the styles draw from it must pass WCAG AA (app/domain/colourContrast.ts):
 * a theme that fails is refused at load with the pair, its ratio and a colour that would pass, as any
 * other invalid tenant config is, so no dealer ships a site some shoppers cannot read.
 */
export const themeSchema = z
  .object({
    brand: colour.default("#1d3557"),
    brandContrast: colour.default("#ffffff"),
    accent: colour.default("#d62839"),
    accentContrast: colour.default("#ffffff"),
    text: colour.default("#1f2933"),
    muted: colour.default("#5f6b7a"),
    background: colour.default("#ffffff"),
    surface: colour.default("#f4f6f8"),
    /** Lines that only separate (cards, rules): decorative, no contrast asked. */
    border: colour.default("#d9dee4"),
    /** The border of form fields, which shoppers must see to find them: 3:1 on the background. */
    control: colour.default("#7b8594"),
    success: colour.default("#18733a"),
    danger: colour.default("#c62828"),
    warning: colour.default("#a34a07"),
    headerBackground: colour.default("#ffffff"),
    headerText: colour.default("#1f2933"),
    /** The logo text in the header; the brand colour when absent (set it when the header is brand-coloured). */
    logo: colour.optional(),
    /** The focus ring around what the keyboard is on; the accent colour when absent (set it when the accent is pale). */
    focus: colour.optional(),
    footerBackground: colour.default("#111827"),
    footerText: colour.default("#e5e7eb"),
    fontBody: z.string().default("system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"),
    fontHeading: z.string().default("system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"),
    radius: z.string().regex(/^\d+(px|rem)$/).default("8px"),
    buttonRadius: z.string().regex(/^\d+(px|rem)$/).default("6px"),
  })
  .superRefine((theme, ctx) => {
    for (const failure of themeContrastFailures(theme)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [failure.foreground], message: failure.message });
  });
export type ThemeTokens = z.infer<typeof themeSchema>;

/**
 * The dealer's own analytics tags (docs/analytics.md). Every one is optional; with none, as by default,
 * the dealer's events are only stored. A tag the dealer sets is loaded on its pages after the page's own
 * code, and its hosts join that dealer's Content-Security-Policy. The object is strict: a misspelt key
 * (or the old `pixelId` and `dataLayer`, which never did anything) stops start-up instead of silently
 * leaving a tag out.
 */
export const analyticsSchema = z
  .object({
    /** A Google Tag Manager container: its dataLayer gets every event (view_item, generate_lead, dealer_event_<id>). */
    gtmContainerId: z.string().regex(GTM_CONTAINER_ID, "must be a Google Tag Manager container id such as GTM-AB12CD3").optional(),
    /** A Google Analytics 4 web stream, measured with gtag.js (leave it out when the GTM container already has its GA4 tag). */
    ga4MeasurementId: z.string().regex(GA4_MEASUREMENT_ID, "must be a GA4 measurement id such as G-AB12CD34EF").optional(),
    /** A Meta Pixel (dataset) id: ViewContent, Lead and the numbered events as custom events. */
    metaPixelId: z.string().regex(META_PIXEL_ID, "must be a Meta Pixel id: 8 to 20 digits").optional(),
  })
  .strict();
export type AnalyticsConfig = z.infer<typeof analyticsSchema>;

const openingHourSchema = z.object({
  /** 0 is Sunday. */
  weekday: z.number().int().min(0).max(6),
  status: z.enum(["open", "closed", "appointment"]).default("open"),
  open: z.string().regex(/^\d{2}:\d{2}$/).optional(),
  close: z.string().regex(/^\d{2}:\d{2}$/).optional(),
  /**
   * The dealer's own wording of an open day's hours ('8:30am - 5:30pm', 'Late night till 8pm'), shown
   * as given (spec 001 section 3, the feed's spelling 'formated_hours').
   */
  formated_hours: z.string().trim().min(1).max(60).optional(),
});

/**
 * Special (holiday) hours (spec 001 section 3: 'date, status, location_id or location.id, start_hour and
 * end_hour or hours.begin and hours.end'). Either spelling is read into one: start_hour, end_hour and
 * location_id.
 */
const specialHoursSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    status: z.enum(["open", "closed", "appointment"]),
    start_hour: z.string().optional(),
    end_hour: z.string().optional(),
    hours: z.object({ begin: z.string().optional(), end: z.string().optional() }).optional(),
    name: z.string().optional(),
    location_id: z.string().optional(),
    location: z.object({ id: z.string() }).optional(),
  })
  .transform(({ hours, location, ...special }) => ({
    date: special.date,
    status: special.status,
    start_hour: special.start_hour ?? hours?.begin,
    end_hour: special.end_hour ?? hours?.end,
    name: special.name,
    location_id: special.location_id ?? location?.id,
  }));
export type SpecialHoursConfig = z.infer<typeof specialHoursSchema>;

export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug,
  primary: z.boolean().default(false),
  visible: z.boolean().default(true),
  location_type: z.enum(["sales", "service", "parts", ""]).default("sales"),
  location_subtype: z.array(z.string()).default([]),
  dealership_id: z.string(),
  dealership_slug: slug,
  address: z.object({
    street: z.string(),
    city: z.string(),
    state: z.enum(["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"]),
    postcode: z.string().regex(/^\d{4}$/),
    lat: z.number().min(-44).max(-10),
    long: z.number().min(112).max(154),
    place_url: z.string().url().optional(),
    /** The location's Google place: directions and the embedded map find the business itself, not just the street. */
    place_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{10,300}$/, "must be a Google place id such as ChIJN1t_tDeuEmsRUsoyG83frY4")
      .optional(),
    /** A Google Maps Embed key for this location's map (a browser key, restricted by referrer); GOOGLE_MAPS_EMBED_KEY when absent. */
    map_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,100}$/, "must be a Google Maps API key")
      .optional(),
  }),
  contact_detail: z.object({
    phone,
    landline_phone: phone.optional(),
    email: z.string().email().optional(),
    opening_hours: z.array(openingHourSchema).default([]),
  }),
  special_hours: z.array(specialHoursSchema).default([]),
  dealer_license_number: z.string().default(""),
  motor_vehicle_repairer: z.string().default(""),
  image: z.string().default(""),
  manufacturers: z.array(z.string()).default([]),
  distribution_locations: z.array(z.string()).default([]),
  reviews: z.object({ average_rating: z.string(), count: z.number().int().nonnegative() }).optional(),
});
export type DealerLocation = z.infer<typeof locationSchema>;

const dealershipSchema = z.object({ id: z.string(), slug, name: z.string() });

const menuLinkSchema = z.object({ label: z.string(), href: path });
export type MenuLink = z.infer<typeof menuLinkSchema>;
const menuItemSchema = z.object({
  label: z.string(),
  href: path.optional(),
  /** 'models' and 'stock' are filled from the catalogue; 'links' uses children. */
  kind: z.enum(["link", "links", "models", "stock"]).default("link"),
  children: z.array(menuLinkSchema).default([]),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
const footerGroupSchema = z.object({
  title: z.string(),
  kind: z.enum(["links", "models"]).default("links"),
  links: z.array(menuLinkSchema).default([]),
});
export type FooterGroup = z.infer<typeof footerGroupSchema>;

const defaultHeaderMenu: MenuItem[] = [
  { label: "Home", href: "/", kind: "link", children: [] },
  { label: "Vehicles", kind: "models", children: [] },
  { label: "Stock", kind: "stock", children: [] },
  { label: "Offers", href: "/special-offers", kind: "link", children: [] },
  {
    label: "Service",
    kind: "links",
    children: [
      { label: "Book a Service", href: "/service" },
      { label: "Parts & Accessories", href: "/vehicle-parts-and-accessories" },
      { label: "Roadside Assistance", href: "/roadside-assistance" },
      { label: "Warranty", href: "/warranty" },
    ],
  },
  { label: "Finance Enquiry", href: "/finance", kind: "link", children: [] },
  {
    label: "Company",
    kind: "links",
    children: [
      { label: "About Us", href: "/about-us" },
      { label: "Contact", href: "/contact" },
      { label: "Careers", href: "/careers" },
      { label: "Fleet", href: "/fleet" },
    ],
  },
];

const defaultFooterGroups: FooterGroup[] = [
  { title: "Models", kind: "models", links: [] },
  {
    title: "Buyer Tools",
    kind: "links",
    links: [
      { label: "Used Cars", href: "/search/used-cars" },
      { label: "Demo Cars", href: "/search/demo-cars" },
      { label: "New Cars", href: "/search/new-cars" },
      { label: "New Energy", href: "/newenergy" },
      { label: "Trade-In", href: "/trade-in" },
      { label: "Finance", href: "/finance" },
    ],
  },
  {
    title: "Servicing and Parts",
    kind: "links",
    links: [
      { label: "Book a Service", href: "/service" },
      { label: "Parts & Accessories", href: "/vehicle-parts-and-accessories" },
      { label: "Roadside Assistance", href: "/roadside-assistance" },
      { label: "Warranty", href: "/warranty" },
    ],
  },
];

const promoCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string().default(""),
  href: path,
  image: z.string().default(""),
  alt: z.string().default(""),
  background: colour.optional(),
  /** Where among the results it goes; the tenant's promo position when absent. */
  position: z.number().int().positive().optional(),
  start: z.string().optional(),
  expiry: z.string().optional(),
  /** Car types it is shown for (empty = all). */
  display: z.array(z.enum(["new", "demo", "used"])).default([]),
  /** Show only when the search is filtered to exactly these car types. */
  strictDisplay: z.boolean().default(false),
});
export type PromoCard = z.infer<typeof promoCardSchema>;

const brandSchema = z.object({
  title: z.string(),
  slug,
  kind: z.enum(["car", "motorcycle", "truck", "caravan", "group"]),
  logo: z.string().default(""),
  banner: z.string().default(""),
  description: z.string().default(""),
  skipPage: z.boolean().default(false),
  /**
   * The brand's warranty claims, shown in tiles on its page (spec 001 section 9): the new car warranty's
   * years (3 the standard, 5 or 7 for some brands) and km limit (unlimited when absent), and a mechanical
   * protection plan of 3 or 5 years where the brand offers one. No tiles when absent.
   */
  warranty: z
    .object({
      newCarYears: z.union([z.literal(3), z.literal(5), z.literal(7)]).default(3),
      newCarKm: z.number().int().positive().optional(),
      protectionYears: z.union([z.literal(3), z.literal(5)]).optional(),
      protectionKm: z.number().int().positive().optional(),
    })
    .optional(),
});

const offerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  disclaimer: z.string().default(""),
  category: z.string().default("Special offer"),
  manufacturer: z.string().default(""),
  model: z.object({ name: z.string(), slug, override_url: path.optional() }).optional(),
  image_url: z.string().default(""),
  /** The description as plain text (spec 001 section 3); cards and the offer's page show it when given, as the description may hold markup. */
  sanitized_description: z.string().default(""),
  /** The offer's image, or its model's when it has none (spec 001 section 3); shown when image_url is empty. */
  image_or_model_image: z.string().default(""),
  /** Website ids (a dealer site's slug) that do not show this offer. */
  excluded_website_ids: z.array(z.string()).default([]),
  /** The offer's date window (ISO date or time; a date-only expiry lasts to the end of that day). */
  start: z.string().optional(),
  expiry: z.string().optional(),
});

const deliveryRegionSchema = z.object({
  name: z.string(),
  /** Inclusive postcode ranges served from this region. */
  postcodes: z.array(z.tuple([z.number().int(), z.number().int()])).min(1),
  price: z.number().nonnegative(),
});

/** A fee listed under the calculator (e.g. establishment $395, monthly admin $8). */
const calculatorFeeSchema = z.object({
  label: z.string().min(1).max(60),
  amount: z.number().nonnegative().max(100_000),
  /** Charged once, or with every month of the loan. */
  frequency: z.enum(["once", "monthly"]).default("once"),
});

const comparisonRateRangeSchema = z
  .object({ min: z.number().min(0).max(100), max: z.number().min(0).max(100) })
  .refine((r) => r.max >= r.min, { message: "max must not be below min", path: ["max"] });

/**
 * The calculator's figures (spec 001 sections 5 and 9), each with the spec's default. A brand's cars
 * (`makes`) and a lender's (`lenders`) may override any of them; an override's unset fields keep these.
 */
const calculatorFiguresShape = {
  amountMin: z.number().nonnegative().default(1000),
  amountMax: z.number().positive().default(100000),
  amountStep: z.number().positive().default(500),
  /** On cars over 100,000 the maximum becomes 1.05 x price (spec 001 section 5). */
  amountMaxFollowsPrice: z.boolean().default(false),
  /** Default amount is the car's price rather than 30,000. */
  amountDefaultFromPrice: z.boolean().default(false),
  amountDefault: z.number().nonnegative().default(30000),
  termMin: z.number().positive().default(1),
  termMax: z.number().positive().default(7),
  termStep: z.number().positive().default(0.5),
  termDefault: z.number().positive().default(6),
  /** When set, the term slider moves through these year values instead. */
  customYearIncrements: z.array(z.number().positive().max(30)).max(30).default([]),
  interestMin: z.number().nonnegative().default(0.5),
  interestMax: z.number().positive().max(100).default(15),
  interestStep: z.number().positive().default(0.5),
  /** The site's default rate (spec 001 section 9: 10); also the rate of the calculated sidebar estimate. */
  interestDefault: z.number().nonnegative().max(100).default(10),
  interestDisabled: z.boolean().default(false),
  /** Added to the amount borrowed (spec 001 section 9: 0 by default). */
  establishmentFee: z.number().nonnegative().default(0),
  /** Deposit/trade-in and residual bounds and step (the group-site calculator: 0 to 250,000, step 0.5). */
  depositMax: z.number().nonnegative().default(250000),
  residualMax: z.number().nonnegative().default(250000),
  valueStep: z.number().positive().default(0.5),
  /** Fees listed under the calculator; those not in the loan are added to the total repayments. */
  fees: z.array(calculatorFeeSchema).max(12).default([]),
  /** A comparison-rate range shown with the repayment (e.g. 8.38% to 19.42%). */
  comparisonRateRange: comparisonRateRangeSchema.nullable().default(null),
  /** The repayment is rounded up to the dollar; one provider rounds to the nearest dollar. */
  rounding: z.enum(["up", "nearest"]).default("up"),
};

const calculatorOverrideSchema = z.object(calculatorFiguresShape).partial().strict();

/**
 * A lender's overrides and the rule for showing its figures (app/domain/finance/lenderDisplay.ts):
 * 'recentCar' lenders need a car built within `maxVehicleAgeYears` (12), priced over 500, with a
 * comparison rate; 'standard' lenders a car priced over 500, saleable, with a weekly payment.
 */
const lenderCalculatorSchema = calculatorOverrideSchema.extend({
  displayRule: z.enum(["standard", "recentCar"]).optional(),
  maxVehicleAgeYears: z.number().int().positive().max(50).optional(),
});

export const calculatorSchema = z.object({
  ...calculatorFiguresShape,
  /** The group-site calculator: Purchase Price, deposit/trade-in and residual typed (digits only), with its message. */
  groupStyle: z.boolean().default(false),
  /** Overrides for one brand's cars, keyed by make. */
  makes: z.record(z.string().min(1), calculatorOverrideSchema).default({}),
  /** Overrides and display rule per lender, keyed by the lender's name as the car's finance_lenders name it. */
  lenders: z.record(z.string().min(1), lenderCalculatorSchema).default({}),
  disclaimer: z
    .string()
    .default(
      "Repayments shown are an estimate only, based on the figures entered and a standard amortisation. They do not include every fee or charge and are not an offer of finance. Approval is subject to the lender's credit criteria. Terms, conditions, fees and charges apply.",
    ),
});
export type CalculatorSchemaConfig = z.infer<typeof calculatorSchema>;

/** Annual rates in percent for one credit history, by the car's age band. */
const financeRateRow = z.object({
  new: z.number().min(0).max(50),
  used: z.number().min(0).max(50),
  older: z.number().min(0).max(50),
});

/**
 * The embedded broker's rate table (docs/decisions/0015): the advertised rate by the shopper's credit
 * history and the car's age (this year minus its build year). A car up to `newMaxAge` years old takes
 * the `new` rate, up to `usedMaxAge` the `used` rate, older cars the `older` rate; with no car chosen
 * the `used` rate applies.
 */
export const financeRatesSchema = z
  .object({
    newMaxAge: z.number().int().min(0).max(10).default(2),
    usedMaxAge: z.number().int().min(1).max(30).default(7),
    GREAT: financeRateRow.default({ new: 7.99, used: 8.99, older: 10.99 }),
    DECENT: financeRateRow.default({ new: 10.99, used: 11.99, older: 13.49 }),
    POOR: financeRateRow.default({ new: 14.99, used: 15.99, older: 16.99 }),
  })
  .refine((r) => r.usedMaxAge > r.newMaxAge, { message: "usedMaxAge must be more than newMaxAge", path: ["usedMaxAge"] });
export type FinanceRates = z.infer<typeof financeRatesSchema>;

/** The embedded broker's fees: added to the loan once (establishment) and charged each month (account keeping). */
export const financeFeesSchema = z.object({
  establishmentFee: z.number().min(0).max(5000).default(395),
  monthlyAccountFee: z.number().min(0).max(100).default(8),
});
export type FinanceFees = z.infer<typeof financeFeesSchema>;

/** The departments a lead is routed to (docs/leads.md); a lead of none (a general or careers enquiry) goes to a desk's `all`. */
export const LEAD_DEPARTMENTS = ["sales", "service", "parts", "finance"] as const;
export type LeadDepartment = (typeof LEAD_DEPARTMENTS)[number];

/**
 * What a lead e-mail is written for: `crm`, a CRM's lead mailbox (the body is the ADF/XML document and
 * nothing else); `staff`, people (a readable HTML e-mail with the ADF attached).
 */
export const LEAD_EMAIL_FORMATS = ["crm", "staff"] as const;
export type LeadEmailFormat = (typeof LEAD_EMAIL_FORMATS)[number];

const leadEmailAddress = z.string().trim().toLowerCase().email();
/** One recipient of lead e-mails. A bare address is a CRM's lead mailbox, as every address was before formats existed. */
const leadRecipientSchema = z.union([
  leadEmailAddress.transform((address) => ({ address, format: "crm" as LeadEmailFormat })),
  z.object({ address: leadEmailAddress, format: z.enum(LEAD_EMAIL_FORMATS).default("crm") }).strict(),
]);
export type LeadRecipient = z.output<typeof leadRecipientSchema>;
/** One recipient or a list of them (at most ten). */
const recipientList = z.union([leadRecipientSchema.transform((r) => [r]), z.array(leadRecipientSchema).max(10)]);
const departmentLists = {
  sales: recipientList.optional(),
  service: recipientList.optional(),
  parts: recipientList.optional(),
  finance: recipientList.optional(),
};
/** A desk: who gets a department's leads (`sales`, `service`, `parts`, `finance`), and every other lead (`all`). */
const leadDeskSchema = z.object({ all: recipientList.default([]), ...departmentLists }).strict();
export type LeadDesk = z.output<typeof leadDeskSchema>;

/**
 * Where a dealer's leads go besides the database (docs/leads.md). The ADF/XML file is always written;
 * secrets never live here: a per-dealer webhook names the environment variable that holds its secret.
 */
export const leadDeliverySchema = z.object({
  /** How the dealer's CRM sees the website in the ADF file (<provider>); "<dealer name> website" when absent. */
  providerName: z.string().min(1).max(100).optional(),
  email: z
    .object({
      /** Lead e-mails at all (each to the recipients its routing finds). */
      enabled: z.boolean().default(true),
      /** The dealer's own desk: recipients for every lead no dealership or location desk takes. */
      to: recipientList.default([]),
      /** The dealer's recipients per department, before `to`. */
      departments: z.object(departmentLists).strict().default({}),
      /** A dealership's desk (by dealership slug): a recipient list for all its leads, or per department. */
      dealerships: z.record(slug, z.union([recipientList.transform((all): LeadDesk => ({ all })), leadDeskSchema])).default({}),
      /** A location's desk (by location slug), before its dealership's: e.g. the service centre's own bookings address. */
      locations: z.record(slug, leadDeskSchema).default({}),
      /** With no recipient configured for a lead, its location's public e-mail gets the staff e-mail (else the dealer's contact e-mail). */
      useLocationEmail: z.boolean().default(true),
    })
    .default({}),
  webhook: z
    .object({
      /** Post leads to a CRM: this dealer's URL, or the platform's CRM_WEBHOOK_URL when absent. */
      enabled: z.boolean().default(true),
      url: z.string().url().regex(/^https?:\/\//, "must be an http(s) URL").optional(),
      /** The environment variable holding this dealer's signing secret; CRM_WEBHOOK_SECRET when absent. */
      secretEnv: z
        .string()
        .regex(/^CRM_WEBHOOK_SECRET_[A-Z0-9_]+$/, "must name a CRM_WEBHOOK_SECRET_<NAME> environment variable")
        .optional(),
    })
    .default({}),
});
export type LeadDeliveryConfig = z.infer<typeof leadDeliverySchema>;

export const tenantConfigSchema = z.object({
  slug,
  name: z.string().min(2),
  /** Legal name for the footer copyright. */
  legalName: z.string().optional(),
  template: z.enum(["standard", "group", "brand"]).default("standard"),
  /** Public host names that serve this site, in addition to <slug>.localhost. */
  domains: z.array(z.string().regex(/^[a-z0-9.-]+$/)).default([]),
  tagline: z.string().default(""),
  hero: z
    .object({ title: z.string(), text: z.string().default(""), searchPlaceholder: z.string().default("Search make, model or keyword") })
    .default({ title: "Find your next car", text: "", searchPlaceholder: "Search make, model or keyword" }),
  theme: themeSchema.default({}),
  logoText: z.string().optional(),
  contact: z.object({ phone, email: z.string().email() }),
  /** Phone numbers by car type; the contact phone when absent. */
  phones: z.object({ new: phone.optional(), used: phone.optional(), demo: phone.optional() }).default({}),
  dealerships: z.array(dealershipSchema).min(1),
  locations: z.array(locationSchema).min(1),
  /** Special hours given in one list for all locations, each naming its location (location_id or location.id); each joins its location's. */
  special_hours: z.array(specialHoursSchema).default([]),
  brands: z.array(brandSchema).default([]),
  statsBanner: z
    .object({ show: z.boolean().default(false), items: z.array(z.object({ value: z.string(), label: z.string() })).default([]) })
    .default({}),
  offers: z.array(offerSchema).default([]),
  features: z
    .object({
      garage: z.boolean().default(true),
      favourites: z.boolean().default(true),
      compare: z.boolean().default(false),
      reserve: z.boolean().default(true),
      buyOnline: z.boolean().default(false),
      checkoutJourney: z.boolean().default(false),
      tradeIn: z.boolean().default(true),
      /** An accepted trade-in offer's valuation data is saved through POST /api/miscellaneous (column_name 'valuation'; spec 000 section 7, one dealer's flag). */
      saveValuation: z.boolean().default(false),
      financeWidgets: z.boolean().default(true),
      /** Weekly finance price with comparison-rate tooltip on cards. */
      weeklyPriceOnCards: z.boolean().default(false),
      /** Calculated sidebar quote when the car has none. */
      calculatedQuote: z.boolean().default(false),
      financeProvider: z.enum(["none", "calculator", "youx"]).default("calculator"),
      /** 'Get Finance Now' landing on /personalised/finance without a car. */
      financeLandingCta: z.boolean().default(true),
      subscriptions: z.boolean().default(false),
      staffAssisted: z.boolean().default(false),
      electricHybridTag: z.boolean().default(true),
      certifiedPreOwnedMake: z.string().optional(),
      requestPhotosForm: z.boolean().default(true),
      chat: z.boolean().default(false),
      captcha: z.boolean().default(true),
      /** Phone numbers are masked after the first five characters until clicked. */
      maskPhone: z.boolean().default(true),
      /** A past rego expiry shows 'Unregistered'. */
      showUnregistered: z.boolean().default(false),
      /** Favourite and compare need at least one image. */
      favouritesNeedImages: z.boolean().default(false),
      /** Finance steps sidebar ('STEP' cards) on finance pages without a car. */
      financeStepCards: z.boolean().default(false),
      postcodeOnFinanceForm: z.boolean().default(false),
      serviceBookingUrl: z.string().url().optional(),
      /**
       * Whether the dealer has a workshop (service and parts). When absent it follows the dealer's
       * locations and stock: a service or parts location is one; without one, a used-only dealer has none
       * (app/domain/dealerDepartments.ts). Without a workshop there are no Service, Roadside Assistance or
       * Parts pages, nor links to them.
       */
      workshop: z.boolean().optional(),
      /**
       * Online service booking (spec 001 section 2: 'an online service booking iframe exists'): the booking
       * provider's page shown in a frame on /service, with a link to open it in a new tab; the page's
       * Content-Security-Policy lets this dealer's pages frame that host only (server/http/requestGuards.ts).
       */
      serviceBookingFrameUrl: z
        .string()
        .max(2000)
        .url()
        .regex(/^https:\/\/[^/?#@]+(?:[/?#]|$)/i, "must be an https address without a user name or password")
        .optional(),
      /** 'By appointment only' instead of 'Closed'. */
      closedByAppointment: z.boolean().default(false),
      dedupeLocationPhones: z.boolean().default(false),
      dedupeSameStreetLocations: z.boolean().default(false),
      /** The location card variant with Sales/Service tabs: a yard's service department at the same address shares its card (spec 001 section 2). */
      locationCardTabs: z.boolean().default(false),
      enquiryMessageRequired: z.boolean().default(true),
      enquiryOptInShown: z.boolean().default(true),
      dealershipSelectShown: z.boolean().default(true),
      /**
       * A location or department select on the enquiry forms, required when shown (spec 000 section 5):
       * the dealer's visible locations, or the departments (Sales, Service, Parts) its locations have.
       */
      enquirySelect: z.enum(["none", "location", "department"]).default("none"),
      brandsPage: z.boolean().default(false),
      /** /online-payment: a shopper pays the dealer an amount against an invoice, order or stock number. */
      onlinePayment: z.boolean().default(false),
      /** /spin-to-win: a signed-in shopper spins the dealer's prize wheel once per campaign (the `spinToWin` block). */
      spinToWin: z.boolean().default(false),
    })
    .default({}),
  /** The prize wheel of /spin-to-win (features.spinToWin): one spin per shopper's phone per campaign. */
  spinToWin: z
    .object({
      /** The campaign's name; a new name starts a new round of spins. */
      campaign: z.string().trim().min(1).max(80).default("Spin to Win"),
      prizes: z
        .array(z.object({ label: z.string().trim().min(1).max(60), weight: z.number().min(0).max(1_000_000) }))
        .max(12)
        .default([]),
      terms: z.string().max(2000).default(""),
    })
    .default({}),
  gating: z
    .object({ enabled: z.boolean().default(false), kinds: z.array(z.enum(GATED_KINDS)).default([...GATED_KINDS]) })
    .default({}),
  paths: z
    .object({
      /** '/used-car' replaces '/search' on one variant. */
      searchPrefix: z.enum(["/search", "/used-car"]).default("/search"),
      refresh: path.default("/special-offers"),
      offers: path.default("/special-offers"),
      parts: path.default("/parts/search"),
      finance: path.default("/finance"),
      /** The garage page: one of the spec's garage paths, each of which has a route (remix.config.js). */
      watchlist: z.enum(GARAGE_PATHS).default("/my-garage"),
      checkout: z.enum(["checkout", "buy-online"]).default("checkout"),
      testDrive: path.default("/book-test-drive/"),
      /** The locations page: '/locations', or '/dealerships' on some brands' sites (spec 001 section 2); /locations always answers. */
      locations: z.enum(["/locations", "/dealerships"]).default("/locations"),
    })
    .default({}),
  search: z
    .object({
      pageSize: z.number().int().min(1).max(60).default(21),
      soldWindowDays: z.number().min(0).max(60).default(3),
      baseFilter: z
        .object({
          statuses: z.array(z.string()).default([]),
          carTypes: z.array(z.enum(["new", "demo", "used"])).default([]),
          minPhotos: z.number().int().min(0).default(0),
          excludedStockNumbers: z.array(z.string()).default([]),
        })
        .default({}),
      excludeZeroPriceOnPriceAsc: z.boolean().default(false),
      certifiedOnly: z.boolean().default(false),
      makesShown: z.number().int().min(1).max(200).default(7),
      modelsPerMake: z.number().int().min(1).max(200).default(30),
      customBodies: z.boolean().default(false),
      facets: z
        .array(z.string())
        .default(["make", "model", "body", "car_type", "fuel", "transmission", "drive", "colour", "seats", "location_name", "certified"]),
      promoPosition: z.number().int().min(1).default(9),
      /** One tenant places the promo at a random 1-3 plus the position. */
      promoRandomOffset: z.boolean().default(false),
      promoCards: z.array(promoCardSchema).default([]),
      primaryCardButton: z.enum(["View Details", "Explore Vehicle"]).default("View Details"),
      /** The card's reserve button: 'Reserve this Car', or 'Reserve Now' on some dealers (spec 000 section 2). */
      reserveCardButton: z.enum(["Reserve this Car", "Reserve Now"]).default("Reserve this Car"),
      /** The card's enquiry button: 'Enquire Now', or 'Quick Enquiry' on some dealers (spec 000 section 2). */
      enquireCardButton: z.enum(["Enquire Now", "Quick Enquiry"]).default("Enquire Now"),
    })
    .default({}),
  noPriceText: z.string().default("Enquire for price."),
  /**
   * The dealer's time zone (an IANA name such as "Australia/Perth") for test-drive times and opening
   * hours; when absent each location's state decides (app/domain/testDriveSlots.ts timeZoneForState).
   */
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-AU", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Australia/Sydney")
    .optional(),
  reserveDepositLabel: z.string().default("$200"),
  gallery: z.object({ defaultView: z.enum(["spinner", "gallery"]).default("spinner") }).default({}),
  /**
   * Where the photo route (/photos) may fetch this dealer's stock photos from (docs/decisions/0018 and
   * 0027): origins such as "https://photos.dealer.com.au", or "https://*.cloudfront.net" for its
   * sub-domains; and, unless `feedHosts` is off, the hosts the dealer's own stock feed names (an internet
   * name resolving to public addresses only, for this dealer only). Any other host shows the placeholder.
   */
  photos: z
    .object({
      sourceHosts: z
        .array(z.string().regex(PHOTO_SOURCE_ORIGIN, "must be an origin such as https://photos.dealer.com.au or https://*.example.com"))
        .max(20)
        .default([]),
      feedHosts: z.boolean().default(true),
    })
    .default({}),
  /**
   * The dealer's stock feed (docs/stock-import.md): the layout its exports use (a built-in profile, with
   * the dealer's own column names laid over it), and an address the site pulls the feed from on a
   * schedule. No secrets here: a feed address must not carry a user name or password.
   */
  stock: z
    .object({
      feed: z
        .object({
          profile: z.enum(FEED_PROFILE_NAMES).default("platform"),
          /** A field -> the column (or columns, first with a value wins) that fills it in this dealer's exports. */
          columns: z
            .record(z.enum(FEED_FIELDS), z.union([z.string().trim().min(1).max(100), z.array(z.string().trim().min(1).max(100)).min(1).max(10)]))
            .default({}),
          /** The unit of odometer readings that do not name theirs ("mi" converts miles to kilometres). */
          distanceUnit: z.enum(["km", "mi"]).optional(),
          url: z
            .string()
            .max(2000)
            .url()
            .regex(/^https?:\/\//i, "must be an http(s) URL")
            .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), "must not carry a user name or password")
            .optional(),
          /** How often the feed at `url` is asked for. */
          everyMinutes: z.number().int().min(15).max(1440).default(60),
          /** A pulled feed is the whole stock: available cars missing from it are marked sold. */
          markMissingSold: z.boolean().default(true),
        })
        .strict()
        .default({}),
    })
    .default({}),
  finance: z
    .object({
      calculator: calculatorSchema.default({}),
      quote: z
        .object({
          priceMin: z.number().default(10000),
          priceMax: z.number().default(200000),
          priceDefault: z.number().default(30000),
          quickPicks: z.array(z.number()).default([5000, 10000, 20000, 30000, 40000, 50000, 70000]),
        })
        .default({}),
      rates: financeRatesSchema.default({}),
      fees: financeFeesSchema.default({}),
      excludedManufacturers: z.array(z.string()).default([]),
      excludedDealerships: z.array(z.string()).default([]),
      comparisonBasis: z.string().default(""),
    })
    .default({}),
  delivery: z.object({ regions: z.array(deliveryRegionSchema).default([]) }).default({}),
  menus: z
    .object({
      header: z.array(menuItemSchema).default(defaultHeaderMenu),
      footer: z.array(footerGroupSchema).default(defaultFooterGroups),
    })
    .default({}),
  footer: z
    .object({
      companyGroupTitle: z.string().optional(),
      companyLinks: z.array(menuLinkSchema).default([
        { label: "About Us", href: "/about-us" },
        { label: "Careers", href: "/careers" },
        { label: "Fleet", href: "/fleet" },
        { label: "Contact", href: "/contact" },
        { label: "Terms and Conditions", href: "/terms-and-conditions" },
      ]),
      dealerLicence: z.string().default(""),
      motorVehicleRepairer: z.string().default(""),
      showPaymentsStrip: z.boolean().default(true),
    })
    .default({}),
  reviews: z
    .object({
      hidden: z.boolean().default(false),
      minimumRating: z.number().min(0).max(5).default(0),
      shown: z.number().int().positive().default(10),
      /** The full reviews page's quantity: how many it lists at first and adds per 'Show more' (spec 001 section 9: Google reviews full quantity 12). */
      fullQuantity: z.number().int().positive().max(100).default(12),
      excludedIds: z.array(z.string()).default([]),
      excludedCustomers: z.array(z.string()).default([]),
    })
    .default({}),
  /**
   * The dealer's stock out to the ad channels (docs/stock-import.md, "Inventory out to ad channels"). Each
   * feed is off until the dealer turns it on; an address that is off answers 404.
   */
  feeds: z
    .object({
      /** /feeds/google-vehicle-ads.tsv: the Google Merchant Center vehicle ads primary feed. */
      googleVehicleAds: z
        .object({
          enabled: z.boolean().default(false),
          /**
           * Each location's store code in the dealer's Google Business Profile, by location slug; a location
           * not named here sends its id. `npm run feeds` names a slug no location has.
           */
          storeCodes: z.record(z.string().min(1).max(100), z.string().trim().min(1).max(64)).default({}),
        })
        .default({}),
      /** /feeds/meta-vehicles.csv and /feeds/meta-vehicles.xml: the Meta (Facebook, Instagram) automotive inventory catalogue. */
      metaVehicles: z.object({ enabled: z.boolean().default(false) }).default({}),
    })
    .default({}),
  analytics: analyticsSchema.default({}),
  leadDelivery: leadDeliverySchema.default({}),
  /** Saved searches and alerts (issue 27). */
  savedSearches: z
    .object({
      /** A new saved search is also a soft lead for the dealer ('Saved Search', sales, the filters in words). Off by default. */
      leadToDealer: z.boolean().default(false),
    })
    .default({}),
}).superRefine((tenant, ctx) => {
  // A lead desk named for a dealership or location the dealer does not have would never get a lead: refuse the typo.
  const { dealerships, locations } = tenant.leadDelivery.email;
  for (const key of Object.keys(dealerships)) {
    if (!tenant.dealerships.some((d) => d.slug === key))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["leadDelivery", "email", "dealerships", key], message: `no dealership has the slug ${key}` });
  }
  for (const key of Object.keys(locations)) {
    if (!tenant.locations.some((l) => l.slug === key))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["leadDelivery", "email", "locations", key], message: `no location has the slug ${key}` });
  }
  // A promo tile's text is the brand's contrast colour, or the body text where that reads better
  // (app/routes/search/PromoTile.tsx); a tile colour on which neither reads is refused like a failing theme.
  tenant.search.promoCards.forEach((card, index) => {
    if (!card.background || card.image || ![card.background, tenant.theme.brandContrast, tenant.theme.text].every(isHexColour)) return;
    const candidates = [tenant.theme.brandContrast, tenant.theme.text];
    const best = readableOn(card.background, candidates);
    const ratio = contrastRatio(best, card.background);
    if (ratio >= TEXT_CONTRAST) return;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["search", "promoCards", index, "background"],
      message: `promo tile ${card.background} reads at ${ratio.toFixed(2)}:1 with brandContrast or text, needs ${TEXT_CONTRAST}:1; ${nearestPassing(card.background, tenant.theme.brandContrast, TEXT_CONTRAST)} would pass`,
    });
  });
  // Holiday hours for a location the dealer does not have would never show: refuse the typo.
  tenant.special_hours.forEach((special, index) => {
    if (!special.location_id)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["special_hours", index], message: "must name its location (location_id or location.id)" });
    else if (!tenant.locations.some((l) => l.id === special.location_id))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["special_hours", index], message: `no location has the id ${special.location_id}` });
  });
  tenant.locations.forEach((location, at) => {
    location.special_hours.forEach((special, index) => {
      if (special.location_id && special.location_id !== location.id)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["locations", at, "special_hours", index],
          message: `names location ${special.location_id} but is listed under ${location.id}`,
        });
    });
  });
}).transform(({ special_hours: shared, ...tenant }) => ({
  ...tenant,
  // Each location's holiday hours: its own list and the shared list's entries for it.
  locations: tenant.locations.map((location) => ({
    ...location,
    special_hours: [...location.special_hours, ...shared.filter((s) => s.location_id === location.id)].map((s) => ({ ...s, location_id: location.id })),
  })),
}));

export type TenantConfig = z.infer<typeof tenantConfigSchema>;
export type TenantConfigInput = z.input<typeof tenantConfigSchema>;
