import { freshPglite } from "../support/freshPglite";
import { describeHoldsContract } from "./holds.contract";

describeHoldsContract("PGlite", () => freshPglite());
