/**
 * GET /cars/{slug}.pdf: the car's brochure (issue 5 item 10), downloaded as {slug}.pdf. A failure
 * answers a short plain-text message, which the page shows in an alert.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCalculatedQuote } from "@server/finance/calculatedQuote";
import { BROCHURE_PHOTO_WIDTH, vehicleBrochure } from "@server/pdf/brochureData";
import { requireVehicle } from "@server/vehicles/loadVehicle";
import { log } from "@server/log";
import { renderBrochure } from "@server/pdf/brochure";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_FIVE_MINUTES } from "@server/http/cachePolicy";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const slug = (params["slug.pdf"] ?? params.slug ?? "").replace(/\.pdf$/, "");
  const vehicle = await requireVehicle(platform, tenant, slug);
  try {
    const now = new Date();
    const calculatedQuote = await loadCalculatedQuote(platform, tenant, vehicle, now);
    const feedOrigins = await platform.feedPhotoOrigins.of(tenant);
    const photo = async (source: string) => {
      const made = await platform.photos.serve({
        source,
        width: BROCHURE_PHOTO_WIDTH,
        format: "jpeg",
        allowedOrigins: tenant.photos.sourceHosts,
        feedOrigins,
      });
      return made.kind === "photo" ? made.bytes : null;
    };
    const pdf = await renderBrochure(await vehicleBrochure(tenant, vehicle, now, request.url, calculatedQuote, photo));
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${vehicle.slug}.pdf"`,
        "Content-Length": String(pdf.length),
        "Cache-Control": PRIVATE_FIVE_MINUTES,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    log.error("brochure failed", { tenant: tenant.slug, car: vehicle.id, error: String(error) });
    return new Response("Sorry, we couldn't prepare the brochure for this car. Please try again or give us a call.", {
      status: 500,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
