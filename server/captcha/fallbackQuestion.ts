/**
 * The server's own question, for a shopper whose browser runs no JavaScript (or whose widget could not
 * finish): a small sum written into the form with a token that lets the server check the answer later
 * without keeping anything. The token carries when it was made and a random nonce, signed (HMAC-SHA256)
 * for this dealer's site; the question is derived from the nonce with the same key, so the token alone
 * does not give the answer away. It expires after 30 minutes, and an answer sooner than the minimum
 * fill time after the question was shown is refused as a bot's.
 *
 * A page kept in the page cache carries a shared question (`sharedQuestion`): the same for every page of
 * a dealer rendered within one window (a minute, the cache's lifetime), its nonce derived from the window
 * with the key, so it cannot be foreseen and the cached HTML holds nothing of one shopper's. How often one
 * answered question is accepted is limited where the answer is checked (index.ts, decision 0022).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface FallbackQuestion {
  question: string;
  token: string;
}

export type FallbackVerdict = { ok: true } | { ok: false; reason: "missing" | "invalid" | "expired" | "too-fast" };

/** How long a question may be answered. */
export const QUESTION_LIFETIME_MS = 30 * 60_000;

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const TOKEN = /^v1\.(\d{10,15})\.([0-9a-f]{32})\.([0-9a-f]{64})$/;

const sign = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");

/** The two numbers of the question a nonce stands for. */
function operands(key: string, nonce: string): [number, number] {
  const digest = createHmac("sha256", key).update(`question|${nonce}`).digest();
  return [1 + (digest[0] % 9), 1 + (digest[1] % 9)];
}

function questionText([a, b]: [number, number]): string {
  return `What is ${a} plus ${b}?`;
}

function questionFor(key: string, tenant: string, issuedMs: number, nonce: string): FallbackQuestion {
  const issued = String(issuedMs);
  return { question: questionText(operands(key, nonce)), token: `v1.${issued}.${nonce}.${sign(key, `${tenant}|${issued}|${nonce}`)}` };
}

/** A question of its own for one shopper (a form the server sends back, a private page). */
export function issueQuestion(key: string, tenant: string, now: Date): FallbackQuestion {
  return questionFor(key, tenant, now.getTime(), randomBytes(16).toString("hex"));
}

/** How long one shared question is handed out: as long as the page cache keeps a page. */
export const SHARED_QUESTION_WINDOW_MS = 60_000;

/**
 * The question every shared page of this dealer carries in this window: issued when the window began (the
 * minimum fill time counts from then), its nonce the key's HMAC of the window, so only the server knows it.
 */
export function sharedQuestion(key: string, tenant: string, now: Date, windowMs = SHARED_QUESTION_WINDOW_MS): FallbackQuestion {
  const start = now.getTime() - (now.getTime() % windowMs);
  // Made once per dealer and window, not per page (four HMACs each time showed in the render profile).
  const id = `${key}|${tenant}|${start}`;
  let question = sharedQuestions.get(id);
  if (!question) {
    question = questionFor(key, tenant, start, sign(key, `shared|${tenant}|${start}`).slice(0, 32));
    if (sharedQuestions.size >= 1000) sharedQuestions.clear();
    sharedQuestions.set(id, question);
  }
  return question;
}
const sharedQuestions = new Map<string, FallbackQuestion>();

/** The question a token (made by this key for this dealer) stands for, or null for a token that is not ours. */
export function questionOf(key: string, tenant: string, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match || !safeEqual(match[3], sign(key, `${tenant}|${match[1]}|${match[2]}`))) return null;
  return questionText(operands(key, match[2]));
}

/** Digits or the number's word ("7", " seven "). */
function readAnswer(answer: string): number | null {
  const text = answer.trim().toLowerCase();
  if (/^\d{1,3}$/.test(text)) return Number(text);
  const word = NUMBER_WORDS.indexOf(text);
  if (word >= 0) return word;
  // Numbers above ten in words: "eleven" .. "eighteen".
  const teens = ["eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"].indexOf(text);
  return teens >= 0 ? 11 + teens : null;
}

export function checkAnswer(
  key: string,
  tenant: string,
  input: { token: string; answer: string },
  now: Date,
  minFillMs: number,
): FallbackVerdict {
  if (!input.token || !input.answer.trim()) return { ok: false, reason: "missing" };
  const match = TOKEN.exec(input.token);
  if (!match || !safeEqual(match[3], sign(key, `${tenant}|${match[1]}|${match[2]}`))) return { ok: false, reason: "invalid" };
  const issued = Number(match[1]);
  if (now.getTime() - issued > QUESTION_LIFETIME_MS) return { ok: false, reason: "expired" };
  const [a, b] = operands(key, match[2]);
  if (readAnswer(input.answer) !== a + b) return { ok: false, reason: "invalid" };
  if (now.getTime() - issued < minFillMs) return { ok: false, reason: "too-fast" };
  return { ok: true };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
