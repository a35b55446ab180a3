/** The ADF/XML file: the lead as DATA_DIR/leads/<tenant>/<lead-id>.xml, for a dealer's tool polling the folder. */
import path from "node:path";
import { leadFileName, leadFilesDir } from "../config";
import { writeFileAtomic } from "../files";
import type { LeadChannel } from "./types";

export function adfPath(env: { dataDir: string }, tenant: string, leadId: string): string {
  return path.join(leadFilesDir(env, tenant), leadFileName(leadId, "xml"));
}

export const adfFileChannel: LeadChannel = {
  async deliver({ env, lead, adf }) {
    if (!adf) throw new Error("the lead has neither an e-mail nor a phone, which an ADF/XML 1.0 lead needs");
    await writeFileAtomic(adfPath(env, lead.tenant, lead.id), adf());
  },
};
