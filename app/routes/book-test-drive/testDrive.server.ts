/** /book-test-drive/: the car a button pointed at, and the test drive form's action. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { leadFormId } from "~/components/forms/leadFormNames";
import { leadFormValidator } from "~/components/forms/leadSchemas";
import { carFromQuery, carLine, enquiryCar, enquiryEvent, enquirySite, successPath } from "@server/leads/enquiryPages";
import { leadFormSpec, submitLeadForm } from "@server/leads/formAction";
import { enquiryLeadFor } from "@server/leads/formLeads";
import { PRIVATE_NO_CACHE } from "@server/http/cachePolicy";

export async function testDriveLoader(args: LoaderFunctionArgs) {
  const { tenant, vehicle } = await carFromQuery(args);
  return json(
    { ...enquirySite(tenant), car: vehicle ? enquiryCar(tenant, vehicle) : null },
    { headers: { "Cache-Control": PRIVATE_NO_CACHE } },
  );
}

export async function testDriveAction(args: ActionFunctionArgs) {
  const { tenant, vehicle } = await carFromQuery(args);
  return submitLeadForm({
    request: args.request,
    context: args.context,
    success: successPath(vehicle),
    forms: {
      "test-drive": leadFormSpec({
        formId: leadFormId("test-drive"),
        validator: leadFormValidator("test-drive", { messageRequired: false, now: new Date() }),
        lead: (values, path) => enquiryLeadFor("test-drive", tenant, vehicle, values, path, carLine(vehicle)),
        event: () => enquiryEvent(args.request, "test-drive", "test-drive", vehicle),
      }),
    },
  });
}
