import { freshPglite } from "../support/freshPglite";
import { describeDataContract } from "./data.contract";

describeDataContract("PGlite (embedded)", () => freshPglite());
