/**
 * Lead e-mails, in the format each recipient reads (docs/leads.md, "E-mail formats"):
 * - `crm`: for a CRM's lead-parsing mailbox. `text/plain; charset=utf-8`, and the body is exactly the
 *   ADF/XML document and nothing else; subject `<dealership> - <lead kind> - <car or 'general'>`.
 * - `staff`: for people. HTML with a plain-text alternative (staffEmail.ts): who, what, which car with
 *   its photo, price and link, the message, tel: and mailto: links; Reply-To the shopper; the ADF
 *   attached as `application/xml`.
 * Sent through nodemailer over SMTP_URL; without it, each message is written as
 * DATA_DIR/leads/<tenant>/<lead-id>.<format>.eml beside the ADF file, where a small dealer's mail
 * program can open it.
 *
 * Header safety: every value that reaches a header is a single line (lead fields are normalised before
 * storage, and newlines are removed here again), addresses are passed as name/address objects that
 * nodemailer encodes, and the shopper's e-mail becomes Reply-To only when it is a plain address.
 */
import path from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { vehicleTitle } from "~/domain/vehicle";
import type { LeadEmailFormat } from "../../tenants/schema";
import { emailSender, leadFileName, leadFilesDir } from "../config";
import { writeFileAtomic } from "../files";
import { routedDealerName } from "../routing";
import { staffEmailParts } from "../staffEmail";
import type { DeliveryContext, LeadChannel } from "./types";

export const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// Control characters and line separators would break or inject e-mail headers.
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const HEADER_BREAKERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** One line, no control characters, bounded: safe for any header. */
export function headerText(value: string, max = 200): string {
  return value.replace(HEADER_BREAKERS, " ").replace(/\s+/g, " ").trim().slice(0, max);
}

export function emlPath(env: { dataDir: string }, tenant: string, leadId: string, format: LeadEmailFormat): string {
  return path.join(leadFilesDir(env, tenant), leadFileName(leadId, `${format}.eml`));
}

type EmailContext = Pick<DeliveryContext, "lead" | "vehicle" | "tenant" | "env" | "adf" | "route">;

/** What every lead e-mail shares: the sender, the date, and a Message-ID per lead and format, the same for every delivery. */
function envelope(context: EmailContext, format: LeadEmailFormat, to: string[]) {
  const { lead, tenant, env } = context;
  const sender = emailSender(env, tenant);
  const domain = tenant.domains[0] ?? "localhost";
  return {
    from: { name: headerText(sender.name, 100), address: sender.address },
    to: [...to],
    date: new Date(lead.created_at),
    // The same lead always has the same Message-ID per format, so a mail system can drop a repeated delivery.
    messageId: `<lead-${lead.id}.${format}@${domain}>`,
    headers: { "X-Lead-Id": lead.id, "X-Lead-Kind": context.route.kind },
    // Everything is in the message already: never read a file or URL named in it.
    disableFileAccess: true,
    disableUrlAccess: true,
  } satisfies Mail.Options;
}

/** The CRM's subject: `<dealership name> - <lead kind> - <car or 'general'>`. */
export function crmSubject(context: Pick<EmailContext, "vehicle" | "tenant" | "route" | "lead">): string {
  const { vehicle, tenant, route, lead } = context;
  const recorded = [lead.payload["Vehicle Make"], lead.payload["Vehicle Model"]].filter((v) => typeof v === "string" && v).join(" ");
  const car = vehicle ? vehicleTitle(vehicle) : recorded || "general";
  return headerText(`${routedDealerName(tenant, route)} - ${route.label} - ${car}`);
}

/** SMTP's limit on a line, in octets, without its CRLF (RFC 5321 4.5.3.1.6). */
const MAX_LINE_OCTETS = 998;

/**
 * The `crm` message: the ADF document as the whole plain-text body, sent as it is (8bit, RFC 6152) so a
 * lead parser that reads the raw body reads the ADF, not quoted-printable. Headers are nodemailer's; only
 * the body's transfer encoding is changed. An ADF with a line SMTP cannot carry (a message of over 998
 * octets in one paragraph) keeps nodemailer's quoted-printable, which every MIME reader decodes.
 */
export async function crmEmail(context: EmailContext, to: string[]): Promise<Mail.Options> {
  if (!context.adf) throw new Error("the lead has neither an e-mail nor a phone, which an ADF/XML 1.0 lead needs");
  const adf = context.adf();
  const message = { ...envelope(context, "crm", to), subject: crmSubject(context), text: adf };
  const body = adf.replace(/\r?\n/g, "\r\n");
  if (body.split("\r\n").some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return message;
  const built = (await new MailComposer(message).compile().build()).toString("utf8");
  const headers = built.slice(0, built.indexOf("\r\n\r\n")).replace(/^Content-Transfer-Encoding: .*$/im, "Content-Transfer-Encoding: 8bit");
  return { envelope: { from: message.from.address, to: [...to] }, raw: `${headers}\r\n\r\n${body}` };
}

/** The `staff` message: readable HTML and text, Reply-To the shopper, the ADF attached. */
export function staffEmail(context: EmailContext, to: string[]): Mail.Options {
  const { lead, adf } = context;
  const parts = staffEmailParts(context);
  const shopper = [lead.name, lead.last_name].filter(Boolean).join(" ");
  return {
    ...envelope(context, "staff", to),
    ...(PLAIN_ADDRESS.test(lead.email) ? { replyTo: { name: headerText(shopper, 100), address: lead.email } } : {}),
    subject: headerText(parts.subject),
    text: parts.text,
    html: parts.html,
    ...(adf ? { attachments: [{ filename: `lead-${lead.id}.xml`, content: adf(), contentType: "application/xml; charset=utf-8" }] } : {}),
  };
}

/**
 * Sends lead e-mails over SMTP_URL when set, else writes each as an .eml file. One SMTP transport per
 * worker, shared by both formats' channels.
 */
export class LeadMailer {
  private smtp: Transporter | null = null;
  private readonly file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

  constructor(private readonly smtpUrl: string | undefined) {}

  async send(message: Mail.Options, file: string): Promise<void> {
    if (this.smtpUrl) {
      this.smtp ??= nodemailer.createTransport({
        url: this.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as Parameters<typeof nodemailer.createTransport>[0]);
      try {
        await this.smtp.sendMail(message);
      } catch (error) {
        throw new Error(`SMTP: ${error instanceof Error ? error.message : String(error)}`);
      }
      return;
    }
    const info = (await this.file.sendMail(message)) as { message: Buffer };
    await writeFileAtomic(file, info.message);
  }

  close(): void {
    this.smtp?.close();
    this.smtp = null;
  }
}

/**
 * The e-mail channel of one format (`email-crm`, `email-staff`), or of both (`email`, for leads stored
 * before formats existed). Recipients are routed again at each attempt, so fixing a setting and retrying
 * is enough; a format with nobody to send to fails with a message the dealer can act on.
 */
export class EmailChannel implements LeadChannel {
  constructor(
    private readonly mailer: LeadMailer,
    private readonly formats: readonly LeadEmailFormat[],
  ) {}

  async deliver(context: DeliveryContext): Promise<void> {
    const { lead, env } = context;
    let sent = 0;
    for (const format of this.formats) {
      const to = context.route.recipients[format];
      // A CRM reads the ADF, which a lead with no e-mail or phone cannot be.
      if (!to.length || (format === "crm" && !context.adf)) continue;
      const message = format === "crm" ? await crmEmail(context, to) : staffEmail(context, to);
      await this.mailer.send(message, emlPath(env, lead.tenant, lead.id, format));
      sent++;
    }
    if (!sent) throw new Error(`no ${this.formats.join(" or ")} e-mail recipient is configured for this lead any more`);
  }

  close(): void {
    this.mailer.close();
  }
}
