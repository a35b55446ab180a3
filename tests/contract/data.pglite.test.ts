import { openPgliteDatabase } from "@server/db/pglite";
import { describeDataContract } from "./data.contract";

describeDataContract("PGlite (embedded)", () => openPgliteDatabase());
