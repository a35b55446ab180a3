/**
 * The lead e-mail to the dealership's lead address, with the ADF/XML attached (many dealer CRMs read
 * leads from a mailbox). Sent through nodemailer over SMTP_URL; without it, the same message is
 * written as DATA_DIR/leads/<tenant>/<lead-id>.eml beside the ADF file, where a small dealer's mail
 * program can open it.
 *
 * Header safety: every value that reaches a header is a single line (lead fields are normalised
 * before storage, and newlines are removed here again), addresses are passed as name/address objects
 * that nodemailer encodes, and the shopper's e-mail becomes Reply-To only when it is a plain address.
 */
import path from "node:path";
import nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { vehicleTitle } from "~/domain/vehicle";
import { emailRecipients, emailSender, leadDealership, leadFileName, leadFilesDir } from "../config";
import { writeFileAtomic } from "../files";
import type { DeliveryContext, LeadChannel } from "./types";

const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// Control characters and line separators would break or inject e-mail headers.
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const HEADER_BREAKERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** One line, no control characters, bounded: safe for any header. */
export function headerText(value: string, max = 200): string {
  return value.replace(HEADER_BREAKERS, " ").replace(/\s+/g, " ").trim().slice(0, max);
}

export function emlPath(env: { dataDir: string }, tenant: string, leadId: string): string {
  return path.join(leadFilesDir(env, tenant), leadFileName(leadId, "eml"));
}

/** The message as nodemailer takes it. */
export function leadEmail(context: Pick<DeliveryContext, "lead" | "vehicle" | "tenant" | "env" | "adf">) {
  const { lead, vehicle, tenant, env } = context;
  const title = vehicle ? vehicleTitle(vehicle) : "";
  const stock = vehicle?.stocknum ? ` (stock ${vehicle.stocknum})` : "";
  const shopper = [lead.name, lead.last_name].filter(Boolean).join(" ");
  const subject = headerText(
    `New lead: ${lead.subcategory || lead.category}${title ? ` - ${title}${stock}` : ""}${shopper ? ` from ${shopper}` : ""}`,
  );
  const dealership = leadDealership(tenant, lead);
  const domain = tenant.domains[0] ?? "localhost";
  const lines = [
    `A shopper sent this lead through the ${tenant.name} website.`,
    "",
    `Form: ${[lead.category, lead.subcategory].filter((v, i, all) => v && all.indexOf(v) === i).join(" / ")}`,
    ...(dealership ? [`Dealership: ${dealership.name}`] : []),
    ...(vehicle
      ? [`Car: ${title}${stock}`, ...(vehicle.vin ? [`VIN: ${vehicle.vin}`] : [])]
      : lead.car_id
        ? [`Car id: ${lead.car_id} (no longer in stock)`]
        : []),
    ...(shopper ? [`Name: ${shopper}`] : []),
    ...(lead.email ? [`E-mail: ${lead.email}`] : []),
    ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
    ...(lead.postcode ? [`Postcode: ${lead.postcode}`] : []),
    ...(lead.message ? ["", "Message:", lead.message, ""] : []),
    ...(lead.payload.opt_in === true ? ["The shopper agreed to receive marketing."] : []),
    ...(lead.source_path ? [`Sent from: ${lead.source_path}`] : []),
    `Received: ${lead.created_at}`,
    `Lead id: ${lead.id}`,
    "",
    "The lead is attached in ADF/XML for your CRM.",
  ];
  const sender = emailSender(env, tenant);
  return {
    from: { name: headerText(sender.name, 100), address: sender.address },
    to: emailRecipients(tenant, lead),
    ...(PLAIN_ADDRESS.test(lead.email) ? { replyTo: { name: headerText(shopper, 100), address: lead.email } } : {}),
    subject,
    text: lines.join("\n"),
    date: new Date(lead.created_at),
    // The same lead always has the same Message-ID, so a mail system can drop a repeated delivery.
    messageId: `<lead-${lead.id}@${domain}>`,
    headers: { "X-Lead-Id": lead.id },
    attachments: [{ filename: `lead-${lead.id}.xml`, content: context.adf(), contentType: "text/xml; charset=utf-8" }],
    // Everything is in the message already: never read a file or URL named in it.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Sends over SMTP_URL when set, else writes the .eml file. One SMTP transport per worker. */
export class EmailChannel implements LeadChannel {
  private smtp: Transporter | null = null;
  private readonly file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });

  constructor(private readonly smtpUrl: string | undefined) {}

  async deliver(context: DeliveryContext): Promise<void> {
    const message = leadEmail(context);
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
    await writeFileAtomic(emlPath(context.env, context.lead.tenant, context.lead.id), info.message);
  }

  close(): void {
    this.smtp?.close();
    this.smtp = null;
  }
}
