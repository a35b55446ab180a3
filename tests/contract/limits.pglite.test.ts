import { freshPglite } from "../support/freshPglite";
import { describeLimitsContract } from "./limits.contract";

describeLimitsContract("PGlite (embedded)", () => freshPglite());
