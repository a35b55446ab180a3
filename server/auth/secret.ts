/**
 * The server secret that keys the HMAC of one-time codes: SESSION_SECRET when set, otherwise one
 * generated once (256 random bits) and kept in DATA_DIR/session-secret, readable by the server's user
 * only (mode 0600), so codes stored before a restart still verify after it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const SECRET_FILE = "session-secret";

export function loadServerSecret(env: { SESSION_SECRET?: string; dataDir: string }): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.dataDir, SECRET_FILE);
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    // "wx": only the first process to get here writes it; the others read what it wrote.
    fs.writeFileSync(file, randomBytes(32).toString("hex") + "\n", { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret (delete it and a new one is made at start)`);
  return secret;
}
