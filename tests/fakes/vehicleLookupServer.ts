/**
 * A fake rego lookup provider (node:http on 127.0.0.1, port 0) for the HTTP VehicleLookup adapter's
 * tests. It checks each request as the provider would: `POST /lookup`, JSON, `Authorization: Bearer
 * <key>` (401 without it, 415 without JSON, 400 for a body other than exactly `{ rego, regoState }` with
 * a plate of letters and digits), each noted as a problem. It answers the registrations it was given
 * (`{ vehicle }`), 404 for any other, and fails on demand: an HTTP status, a slow answer, a body of your
 * choosing, or text that is not JSON.
 */
import { z } from "zod";
import { startFakeJsonProvider, type FakeJsonProvider } from "./jsonProviderServer";

export type { FakeFailure, FakeRequest } from "./jsonProviderServer";

export interface FakeRegistration {
  rego: string;
  regoState: string;
  vehicle: { year: number; make: string; model: string; badge?: string; km?: number | null; vin?: string; nvic?: string };
}

export type FakeVehicleLookup = FakeJsonProvider;

const lookupBody = z
  .object({
    rego: z.string().regex(/^[A-Z0-9]{1,9}$/, "letters and digits only, upper case"),
    regoState: z.enum(["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"]),
  })
  .strict();

export async function startFakeVehicleLookup(
  options: { apiKey?: string; registrations?: FakeRegistration[] } = {},
): Promise<FakeVehicleLookup> {
  const registrations = new Map((options.registrations ?? []).map((r) => [`${r.regoState}:${r.rego}`, r.vehicle]));
  return startFakeJsonProvider({
    path: "/lookup",
    apiKey: options.apiKey ?? "fake-lookup-key-0123456789",
    body: lookupBody,
    answer: (body) => {
      const vehicle = registrations.get(`${body.regoState}:${body.rego}`);
      return vehicle ? { status: 200, payload: { vehicle } } : { status: 404, payload: { error: "not found" } };
    },
  });
}
