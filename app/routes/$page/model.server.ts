/**
 * A model's landing page's server half: the model from the dealer's catalogue (its stock's models and
 * those its current offers name; app/domain/modelPage.ts), its offers, its cars in stock, and the model
 * enquiry, filed as a new vehicle enquiry naming the make and model (the enquiry form defaults of spec
 * 000 section 3: 'Vehicle Make', 'Vehicle Model', manufacturer_slug) through the lead forms' pipeline.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator, type vehicleLeadSchema } from "~/components/forms/leadSchemas";
import { EVENT } from "~/domain/analyticsEvents";
import type { EnquiryFormRules } from "~/domain/enquiryRules";
import {
  findModel,
  hasModelPages,
  MODEL_SLUG,
  modelBodyLabel,
  modelImage,
  modelStockHref,
  modelTitle,
  offerPathsOf,
  offersForModel,
  type PageModel,
} from "~/domain/modelPage";
import { offerView, shownOffers } from "~/domain/offers";
import { toLocalDigits } from "~/domain/phone";
import { emptySearchRequest } from "~/domain/search";
import { slugify } from "~/domain/searchLinks";
import { toVehicleCardData, type VehicleCardData } from "~/domain/vehicleCard";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { enquiryFormRules, leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import { log } from "@server/log";
import { modelCatalogue } from "@server/modelCatalogue.server";
import type { Platform } from "@server/platform.server";
import { cardSiteOptions } from "@server/tenants/publicSite";
import type { TenantConfig } from "@server/tenants/schema";

/** The model enquiry's form id (the forms kit's enquiry form). */
export const MODEL_FORM_ID = leadFormId("enquiry");
/** Cars of the model the page shows; the link under them opens all of them. */
const CARS_SHOWN = 6;

type ModelFormValues = z.infer<ReturnType<typeof vehicleLeadSchema>>;

const modelFormRules = (tenant: TenantConfig): EnquiryFormRules => enquiryFormRules(tenant, { rego: false });
const modelFormValidator = (tenant: TenantConfig, rules: EnquiryFormRules) =>
  leadFormValidator("enquiry", { messageRequired: tenant.features.enquiryMessageRequired, now: new Date(), rules });

/** The dealer's model at the address, or a 404 like any address no page answers (the dealer's own 404 page). */
async function findPageModel(params: LoaderFunctionArgs["params"], context: LoaderFunctionArgs["context"]) {
  const { platform, tenant } = dealerFrom(context);
  const slug = params.page ?? "";
  if (!hasModelPages(tenant.menus.header) || !MODEL_SLUG.test(slug)) throw new Response("Not found", { status: 404 });
  const now = new Date();
  const offers = shownOffers(tenant.offers, tenant.slug, now);
  const model = findModel(slug, (await modelCatalogue(platform, tenant)).models, offers);
  if (!model) throw new Response("Not found", { status: 404 });
  return { platform, tenant, model, offers, now };
}

/** The model's cars in stock (newest listing order of the search), their count and the body most of them have. */
async function modelStock(platform: Platform, tenant: TenantConfig, model: PageModel) {
  try {
    const filters = { ...(model.make ? { make: [model.make] } : {}), model: [model.name] };
    const result = await platform.search.search(tenant, emptySearchRequest({ perPage: CARS_SHOWN, filters, facets: ["body"] }));
    const body = (result.facets.body ?? []).filter((b) => b.value).sort((a, b) => b.count - a.count)[0]?.value ?? "";
    return { cars: result.hits.map(toVehicleCardData), count: result.found, body };
  } catch (error) {
    log.warn("model stock unavailable", { tenant: tenant.slug, model: model.slug, error: String(error) });
    return { cars: [] as VehicleCardData[], count: 0, body: "" };
  }
}

export async function modelPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant, model, offers, now } = await findPageModel(params, context);
  const stock = await modelStock(platform, tenant, model);
  const body = model.body || slugify(stock.body);
  const title = modelTitle(model);
  const rules = modelFormRules(tenant);
  return data(
    {
      kind: "model" as const,
      siteName: tenant.name,
      canonical: `${new URL(request.url).origin}/${model.slug}`,
      model: { ...model, title, body, bodyLabel: modelBodyLabel(body || stock.body), image: modelImage({ image: model.image, body }) },
      offers: offersForModel(offers, model).map((offer) => offerView(offer, offerPathsOf(tenant))),
      stock: { cars: stock.cars, count: stock.count, href: modelStockHref(model, tenant.paths.searchPrefix) },
      site: cardSiteOptions(tenant, now),
      testDrivePath: tenant.paths.testDrive,
      form: { rules, messageRequired: tenant.features.enquiryMessageRequired, optInShown: tenant.features.enquiryOptInShown },
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

/** What a model's page shows (the loader's data). */
export type ModelPageView = Awaited<ReturnType<typeof modelPageLoader>>["data"];

export async function modelPageAction({ request, params, context }: ActionFunctionArgs) {
  const { tenant, model } = await findPageModel(params, context);
  const rules = modelFormRules(tenant);
  const title = modelTitle(model);
  return submitLeadForm({
    request,
    context,
    success: "/success",
    forms: {
      enquiry: leadFormSpec<ModelFormValues>({
        formId: MODEL_FORM_ID,
        validator: modelFormValidator(tenant, rules),
        rules,
        lead: (values, sourcePath) => ({
          category: "New Vehicle Enquiry",
          subcategory: "Model Enquiry",
          name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone: toLocalDigits(values.phone),
          postcode: values.postcode,
          message: [`Model: ${title}`, values.message].filter(Boolean).join("\n"),
          source_path: sourcePath,
          payload: {
            dealership_slug: tenant.slug,
            manufacturer_slug: slugify(model.make),
            "Vehicle Make": model.make,
            "Vehicle Model": model.name,
            car_type: "new",
            opt_in: values.opt_in,
            subcategory: "Model Enquiry",
          },
        }),
        event: () => ({ id: EVENT.newEnquiry, path: `/${model.slug}`, payload: { form: "model", model: model.slug } }),
      }),
    },
  });
}
