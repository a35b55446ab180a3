/**
 * The parts search (spec 001 section 2: 'Parts search default /parts/search'): the shopper names the
 * part and their car in a search form (a GET form: the search is the address, and it works without
 * JavaScript), and the search becomes a parts enquiry with those details filled in, filed like the
 * Parts & Accessories page's. Only a dealer with a parts counter or workshop has the page.
 */
import { siteMeta } from "~/utils/meta";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { departmentsOf } from "~/domain/dealerDepartments";
import { carLine, parsePartsSearch, partsEnquiryMessage, type PartsSearchField } from "~/domain/partsSearch";
import { formatPhone, telHref } from "~/domain/phone";
import { button, container, field, fieldError, label } from "~/styles/ui.css";
import { NO_STORE, PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { submitLeadForm } from "@server/leads/formAction";
import { PAGE_FORM_TEXT, pageFormDefaults, pageFormRules, pageLeadForms } from "../$page/content.server";
import * as page from "../$page/contentPage.css";
import * as styles from "./partsSearch.css";

function partsDealer(context: LoaderFunctionArgs["context"]) {
  const dealer = dealerFrom(context);
  if (!departmentsOf(dealer.tenant).parts) throw new Response("Not found", { status: 404 });
  return dealer;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = partsDealer(context);
  const url = new URL(request.url);
  const search = parsePartsSearch(url.searchParams);
  const rules = pageFormRules(tenant);
  const parts =
    tenant.locations.find((l) => l.visible && l.location_type === "parts") ??
    tenant.locations.find((l) => l.visible && l.location_type === "service");
  return data(
    {
      siteName: tenant.name,
      canonical: `${url.origin}${url.pathname}`,
      search,
      car: carLine(search.values),
      message: partsEnquiryMessage(search.values),
      form: { ...PAGE_FORM_TEXT.parts, rules, defaults: pageFormDefaults(rules, "parts") },
      optInShown: tenant.features.enquiryOptInShown,
      phone: parts?.contact_detail.phone ?? tenant.contact.phone,
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant } = partsDealer(context);
  return submitLeadForm({ request, context, success: "/success", forms: pageLeadForms(tenant, "parts", new URL(request.url).pathname) });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: `Parts Search | ${data.siteName}` },
        { name: "description", content: `Search for genuine parts and accessories for your car from ${data.siteName}'s parts team.` },
        { tagName: "link", rel: "canonical", href: data.canonical },
      ]
    : siteMeta(matches);

const FIELDS: { name: PartsSearchField; label: string; placeholder: string; hint?: string }[] = [
  { name: "part", label: "Part name or number", placeholder: "e.g. Oil filter, 90915-YZZD1, tow bar" },
  { name: "make", label: "Make", placeholder: "e.g. Toyota" },
  { name: "model", label: "Model", placeholder: "e.g. HiLux" },
  { name: "year", label: "Year", placeholder: "e.g. 2021" },
];

export default function PartsSearchRoute() {
  const { search, car, message, form, optInShown, phone } = useLoaderData<typeof loader>();
  const searched = search.searched;
  return (
    <div className={`${container} ${page.page}`}>
      <div className={page.article}>
        <h1 id="page-title" className={page.title}>
          Parts Search
        </h1>
        <p className={page.prose}>
          Tell us the part you need and the car it's for. Our parts team checks price and availability for genuine parts and accessories,
          and gets back to you, usually within one business day. Prefer to talk? Call our parts team on{" "}
          <a href={telHref(phone)}>{formatPhone(phone)}</a>.
        </p>
      </div>
      <section className={page.formCard} aria-labelledby="parts-search-title">
        <h2 id="parts-search-title" className={page.formTitle}>
          Search for a part
        </h2>
        {/* A new search loads the page afresh, so the enquiry under it starts from the new search. */}
        <Form method="get" reloadDocument className={styles.searchForm} role="search" aria-label="Parts search">
          {FIELDS.map((f) => {
            const error = search.errors[f.name];
            const id = `parts-${f.name}`;
            return (
              <div key={f.name} className={f.name === "part" ? styles.wide : undefined}>
                <label className={label} htmlFor={id}>
                  {f.label}
                  {f.name === "part" ? null : <span className={styles.optional}> (optional)</span>}
                </label>
                <input
                  id={id}
                  className={field}
                  name={f.name}
                  type="text"
                  inputMode={f.name === "year" ? "numeric" : undefined}
                  maxLength={f.name === "part" ? 80 : f.name === "year" ? 4 : 40}
                  required={f.name === "part"}
                  placeholder={f.placeholder}
                  defaultValue={error ? search.typed[f.name] : search.values[f.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                {error ? (
                  <p id={`${id}-error`} className={fieldError}>
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
          <div className={styles.wide}>
            <button type="submit" className={button.primary}>
              Search Parts
            </button>
          </div>
        </Form>
      </section>
      {searched ? (
        <section id="page-form" className={page.formCard} aria-labelledby="page-form-title">
          <h2 id="page-form-title" className={page.formTitle}>
            Ask our parts team about {search.values.part}
            {car ? ` for your ${car}` : ""}
          </h2>
          <p>
            We don't list parts prices online: they depend on your car's exact build. Send this enquiry and our parts team will reply with
            the price and when it can be ready.
          </p>
          <LeadForm
            form="enquiry"
            submitLabel={form.submit}
            anchor="page-form"
            optInShown={optInShown}
            message={{ label: form.message, required: true, placeholder: form.placeholder, defaultValue: message }}
            rules={form.rules}
            defaultValues={form.defaults}
          />
        </section>
      ) : (
        <p className={page.prose}>
          Looking for accessories? See our <Link to="/vehicle-parts-and-accessories">Parts &amp; Accessories</Link> page.
        </p>
      )}
    </div>
  );
}
