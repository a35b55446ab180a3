/**
 * The saved searches' posts (issue 27), judged by one zod schema in the browser (the save form, before
 * it is sent) and again by the action (app/routes/saved-searches): 'save' from a results page (a name,
 * SMS or e-mail, the e-mail when it is chosen, the consent box ticked, the results page's path); and the
 * garage's 'rename', 'channel', 'pause', 'resume' and 'delete' of one saved search. Messages in plain words.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { isSameSitePath } from "~/domain/safeRedirect";
import { SAVED_SEARCH_NAME_MAX } from "~/domain/savedSearch";

export const SAVE_SEARCH_FORM_ID = "save-search-form";

export const SAVED_SEARCH_FIELD_MESSAGES = {
  name: "Give this search a name.",
  nameTooLong: `Keep the name to ${SAVED_SEARCH_NAME_MAX} characters or fewer.`,
  channel: "Choose how we should tell you: SMS or e-mail.",
  email: "Enter the e-mail address for your alerts.",
  emailInvalid: "Please enter a valid email address.",
  consent: "Tick the box to agree to alerts: we can't send them without it.",
  search: "This search could not be read. Please open the results again.",
} as const;

const M = SAVED_SEARCH_FIELD_MESSAGES;

const name = z
  .string({ required_error: M.name })
  .trim()
  .min(1, M.name)
  .refine((n) => Array.from(n).length <= SAVED_SEARCH_NAME_MAX, M.nameTooLong);

const channel = z.enum(["sms", "email"], { errorMap: () => ({ message: M.channel }) });

/** An e-mail address, or nothing; whether it is needed depends on the channel (checked below). */
const email = z.string().trim().max(120, M.emailInvalid).optional().default("");

/** The box ticked: a browser sends "on" (or the value given), nothing when it is not ticked. */
const consent = z
  .string()
  .optional()
  .refine((v) => v === "on" || v === "true", M.consent);

const id = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, "Choose a saved search.");

/** A results page of this site (the server reads the search again from it: the path is all it trusts). */
const searchPath = z
  .string({ required_error: M.search })
  .trim()
  .max(2048, M.search)
  .refine((p) => isSameSitePath(p), M.search);

/** The e-mail is asked for, and must be an address, only when alerts go by e-mail. */
function emailForChannel(values: { channel: "sms" | "email"; email: string }, ctx: z.RefinementCtx) {
  if (values.channel !== "email") return;
  if (!values.email) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: M.email });
  else if (!z.string().email().safeParse(values.email).success)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: M.emailInvalid });
}

export const saveSearchSchema = z
  .object({ intent: z.literal("save"), name, channel, email, consent, search_path: searchPath })
  .superRefine(emailForChannel);
export type SaveSearchValues = z.infer<typeof saveSearchSchema>;

const renameSchema = z.object({ intent: z.literal("rename"), id, name });
const channelSchema = z.object({ intent: z.literal("channel"), id, channel, email, consent }).superRefine(emailForChannel);
const oneSearchSchema = z.object({ intent: z.enum(["pause", "resume", "delete"]), id });

/** Every post the action takes, told apart by `intent`. */
export const savedSearchActionSchema = z.union([saveSearchSchema, renameSchema, channelSchema, oneSearchSchema]);
export type SavedSearchAction = z.infer<typeof savedSearchActionSchema>;

/** The intents the action knows: anything else is refused before the fields are judged. */
export const SAVED_SEARCH_INTENTS = ["save", "rename", "channel", "pause", "resume", "delete"] as const;
export type SavedSearchIntent = (typeof SAVED_SEARCH_INTENTS)[number];

/** The schema for one intent (a union reports the first member's errors only). */
export function schemaFor(intent: SavedSearchIntent): z.ZodType<SavedSearchAction, z.ZodTypeDef, unknown> {
  if (intent === "save") return saveSearchSchema;
  if (intent === "rename") return renameSchema;
  if (intent === "channel") return channelSchema;
  return oneSearchSchema;
}

export const saveSearchValidator = withZod(saveSearchSchema);
