/**
 * /success: shown after a successful enquiry (spec 000 section 2). Thanks the shopper for the category
 * of the lead they sent: the lead is read on the server by the reference its form's redirect carries
 * (`?lead=`, an unguessable id of this dealer's lead), never from text in the address; a reference that
 * names no lead (or none of this dealer's) gets the plain thanks. Links back to the car when the enquiry
 * was about one (built from the slug, so it can only ever be a path on this site). Where the dealer has
 * its own analytics tags, this is where the shopper's browser learns the lead was stored: the page
 * reports it to them (generate_lead, Lead) once, however often it is reloaded.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { thankedCategory } from "~/domain/enquiryRules";
import { SLUG_PATTERN } from "~/domain/slug";
import { button, container } from "~/styles/ui.css";
import { useReportedLead } from "~/utils/dealerTags";
import { LEAD_REFERENCE, reportedLeadFor } from "@server/analytics.server";
import { getLead } from "@server/db/leads";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { log } from "@server/log";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const params = new URL(request.url).searchParams;
  const car = params.get("car") ?? "";
  const reference = params.get("lead") ?? "";
  let category: string | null = null;
  let dealerLead: Awaited<ReturnType<typeof reportedLeadFor>> = null;
  if (LEAD_REFERENCE.test(reference)) {
    const lead = await getLead(platform.db, tenant.slug, reference).catch((error: unknown) => {
      log.warn("success page could not read the lead", { tenant: tenant.slug, error: String(error) });
      return null;
    });
    category = lead ? thankedCategory(lead) : null;
    dealerLead = await reportedLeadFor(platform.db, tenant, lead);
  }
  return json(
    {
      siteName: tenant.name,
      category,
      carHref: SLUG_PATTERN.test(car) ? `/cars/${encodeURIComponent(car)}` : null,
      searchPath: tenant.paths.searchPrefix,
      dealerLead,
    },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Thank you | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function Success() {
  const { carHref, searchPath, siteName, category, dealerLead } = useLoaderData<typeof loader>();
  useReportedLead(dealerLead);
  return (
    <div className={container}>
      <section style={{ maxWidth: "640px", margin: "48px auto", textAlign: "center" }} aria-labelledby="success-title">
        <h1 id="success-title">{category ? `Thank you for your ${category}!` : "Thank you! We've received your enquiry."}</h1>
        <p data-testid="success-text">
          {category ? "We've received it, and a" : "A"} member of the {siteName} team will be in touch shortly. If it's urgent, please give
          us a call.
        </p>
        <p style={{ display: "flex", gap: "12px", justifyContent: "center", flexWrap: "wrap", marginTop: "24px" }}>
          {carHref ? (
            <Link to={carHref} className={button.primary}>
              Back to the car
            </Link>
          ) : null}
          <Link to={searchPath} className={button.outline}>
            Browse our stock
          </Link>
        </p>
      </section>
    </div>
  );
}
