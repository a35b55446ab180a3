import { freshPglite } from "../support/freshPglite";
import { describeLeadDelivery } from "./delivery.contract";

describeLeadDelivery("PGlite (embedded)", () => freshPglite());
