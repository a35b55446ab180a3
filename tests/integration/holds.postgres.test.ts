import { onPostgres } from "../support/postgres";
import { describeHoldsContract } from "./holds.contract";

onPostgres("holds under concurrency", "holds", describeHoldsContract);
