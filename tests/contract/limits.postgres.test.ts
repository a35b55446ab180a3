import { onPostgres } from "../support/postgres";
import { describeLimitsContract } from "./limits.contract";

onPostgres("abuse limits contract", "limits", describeLimitsContract);
