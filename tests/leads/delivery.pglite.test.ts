import { openPgliteDatabase } from "@server/db/pglite";
import { describeLeadDelivery } from "./delivery.contract";

describeLeadDelivery("PGlite (embedded)", () => openPgliteDatabase());
