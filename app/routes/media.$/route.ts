/**
 * Generated media: vehicle drawings (/media/vehicles/<body>/<rrggbb>/<view>-<angle>.svg), the
 * turntable animation, the new-arrival placeholder and demo history reports. Anything else is 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getVehicleById } from "@server/db/vehicles";
import { historyReportUrl, parseMediaPath } from "@server/images/mediaPaths";
import { drawMedia, mediaNotFound, svgResponse } from "@server/images/mediaResponse";
import { renderHistoryReport } from "@server/demo/historyReport";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_ONE_HOUR } from "@server/http/cachePolicy";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const media = parseMediaPath(params["*"] ?? "");
  if (!media) return mediaNotFound();
  if (media.kind !== "report") return svgResponse(drawMedia(media));

  // A report belongs to one dealer's car: the site is the one the host names, never another tenant's.
  const { platform, tenant } = context.tenant ? dealerFrom(context) : { platform: null, tenant: null };
  if (!platform || !tenant) return mediaNotFound();
  const vehicle = await getVehicleById(platform.db, tenant.slug, media.vehicleId);
  if (!vehicle || vehicle.file !== historyReportUrl(vehicle.id)) return mediaNotFound();
  const pdf = await renderHistoryReport(vehicle, tenant, new Date());
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${vehicle.slug}-history-report.pdf"`,
      "Cache-Control": PRIVATE_ONE_HOUR,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
