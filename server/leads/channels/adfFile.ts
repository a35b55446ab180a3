/** The always-on channel: the lead as an ADF/XML file in DATA_DIR/leads/<tenant>/<lead-id>.xml. */
import path from "node:path";
import { leadFileName, leadFilesDir } from "../config";
import { writeFileAtomic } from "../files";
import type { LeadChannel } from "./types";

export function adfPath(env: { dataDir: string }, tenant: string, leadId: string): string {
  return path.join(leadFilesDir(env, tenant), leadFileName(leadId, "xml"));
}

export const adfFileChannel: LeadChannel = {
  async deliver({ env, lead, adf }) {
    await writeFileAtomic(adfPath(env, lead.tenant, lead.id), adf());
  },
};
