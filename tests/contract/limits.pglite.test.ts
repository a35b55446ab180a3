import { openPgliteDatabase } from "@server/db/pglite";
import { describeLimitsContract } from "./limits.contract";

describeLimitsContract("PGlite (embedded)", () => openPgliteDatabase());
