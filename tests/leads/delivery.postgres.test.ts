import { onPostgres } from "../support/postgres";
import { describeLeadDelivery } from "./delivery.contract";

onPostgres("lead delivery", "leads", describeLeadDelivery);
