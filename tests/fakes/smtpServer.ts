/**
 * A fake mail server (the smtp-server package on 127.0.0.1, port 0) standing in for a dealer's SMTP
 * relay: it accepts messages (optionally only with a user and password), keeps the raw MIME and the
 * parsed message (mailparser), and can refuse messages on demand with an SMTP error.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface FakeSmtp {
  /** smtp://user:pass@127.0.0.1:<port> (or without credentials). */
  url: string;
  messages: ReceivedMail[];
  /** Refuse the next n messages with 451 (a temporary failure). */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(options: { user?: string; password?: string } = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    secure: false,
    // Plain SMTP on loopback: no certificate to offer, so no STARTTLS.
    disabledCommands: options.user ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (refusals > 0) {
          refusals--;
          const error = new Error("Mailbox temporarily unavailable") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await simpleParser(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  const credentials = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? "")}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    refuseNext(n) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
