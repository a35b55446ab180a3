/**
 * The phone sign-in contract on the embedded adapter: codes in PGlite (and in the PostgreSQL of
 * DATABASE_URL when set), the SMS read back from the outbox file a developer would read.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EmbeddedPhoneAuth } from "@server/auth/embedded";
import { OutboxSmsSender } from "@server/auth/sms";
import type { Database } from "@server/db/database";
import { migrate } from "@server/db/migrate";
import { freshPglite } from "../support/freshPglite";
import { onPostgres } from "../support/postgres";
import { describePhoneAuthContract, type PhoneAuthHarness } from "./phoneAuth.contract";

/** The code in the last outbox line sent to a phone. */
export function codeFromOutbox(file: string, phone: string): string | null {
  if (!fs.existsSync(file)) return null;
  const lines = fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean);
  const last = lines
    .map((l) => JSON.parse(l) as { to: string; body: string })
    .filter((m) => m.to === phone)
    .pop();
  return last?.body.match(/code is (\d{6})\./)?.[1] ?? null;
}

function embedded(open: () => Promise<Database>) {
  return async (): Promise<PhoneAuthHarness> => {
    const db = await open();
    await migrate(db);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dealer-sms-"));
    const outbox = path.join(dir, "sms-outbox.jsonl");
    let clock = Date.now();
    const auth = new EmbeddedPhoneAuth({ db, sms: new OutboxSmsSender(outbox), secret: "x".repeat(64), now: () => new Date(clock) });
    return {
      auth,
      db,
      lastCode: async (phone) => codeFromOutbox(outbox, phone),
      expireCodes: async () => {
        clock += 10 * 60_000 + 1_000;
      },
      advance: (ms) => {
        clock += ms;
      },
      expiredReason: "expired-code",
      close: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  };
}

describePhoneAuthContract(
  "embedded on PGlite",
  embedded(() => freshPglite()),
);
onPostgres("phone sign-in contract (embedded)", "phoneauth", (name, open) =>
  describePhoneAuthContract(`embedded on ${name}`, embedded(open)),
);
