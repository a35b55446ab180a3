import { onPostgres } from "../support/postgres";
import { describeAlertsContract } from "./alerts.contract";

onPostgres("alerts decided once", "alerts", describeAlertsContract);
