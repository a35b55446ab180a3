/**
 * The SMS port for sign-in codes. With Supabase, Supabase Auth sends the message itself; the embedded
 * default writes one JSON line per message to DATA_DIR/sms-outbox.jsonl, where a developer reads the
 * code (`tail -1 data/sms-outbox.jsonl`).
 */
import fs from "node:fs/promises";
import path from "node:path";

export interface SmsMessage {
  /** E.164, e.g. +61412345678. */
  to: string;
  body: string;
  /** The dealer (tenant slug) the message is sent for. */
  tenant: string;
}

export interface SmsSender {
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}

export const SMS_OUTBOX_FILE = "sms-outbox.jsonl";

/** The embedded sender: appends `{ to, body, at, tenant }` as one line of the outbox file. */
export class OutboxSmsSender implements SmsSender {
  readonly kind = "outbox";
  constructor(readonly file: string) {}

  static inDataDir(dataDir: string): OutboxSmsSender {
    return new OutboxSmsSender(path.join(dataDir, SMS_OUTBOX_FILE));
  }

  async send(message: SmsMessage): Promise<void> {
    // As a provider would: a mobile not in E.164 is refused, not written.
    if (!/^\+[1-9]\d{6,14}$/.test(message.to)) throw new Error("SMS outbox: the mobile number is not in E.164 form");
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const line = JSON.stringify({ to: message.to, body: message.body, at: new Date().toISOString(), tenant: message.tenant });
    // One write per line with O_APPEND: lines from concurrent sends never interleave.
    await fs.appendFile(this.file, line + "\n", { mode: 0o600 });
  }
}

/** The text of a sign-in code message. */
export function codeMessage(dealerName: string, code: string, validMinutes: number): string {
  return `Your ${dealerName} code is ${code}. It expires in ${validMinutes} minutes.`;
}
