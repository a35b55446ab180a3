import { onPostgres } from "../support/postgres";
import { describeDataContract } from "./data.contract";

onPostgres("data layer contract", "contract", describeDataContract);
