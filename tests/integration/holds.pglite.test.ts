import { openPgliteDatabase } from "@server/db/pglite";
import { describeHoldsContract } from "./holds.contract";

describeHoldsContract("PGlite", () => openPgliteDatabase());
