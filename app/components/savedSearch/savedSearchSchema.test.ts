import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { SAVED_SEARCH_FIELD_MESSAGES as M, saveSearchSchema, saveSearchValidator, schemaFor } from "./savedSearchSchema";

const save = (over: Record<string, unknown> = {}) => ({
  intent: "save",
  name: "Used Toyota Corolla under $30,000",
  channel: "sms",
  email: "",
  consent: "on",
  search_path: "/search/used-cars/toyota/corolla?price=:30000",
  ...over,
});

/** The messages by field, as the form shows them. */
function errors(values: Record<string, unknown>, schema: ZodTypeAny = saveSearchSchema): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the save form's schema", () => {
  it("takes a named search by SMS with consent, the name trimmed and the e-mail not needed", () => {
    expect(saveSearchSchema.parse(save({ name: "  Family car  " }))).toEqual({
      intent: "save",
      name: "Family car",
      channel: "sms",
      email: "",
      consent: "on",
      search_path: "/search/used-cars/toyota/corolla?price=:30000",
    });
    expect(saveSearchSchema.parse(save({ email: undefined })).email).toBe("");
  });

  it("asks for the e-mail, a real one, only when alerts go by e-mail", () => {
    expect(errors(save({ channel: "email" }))).toEqual({ email: M.email });
    expect(errors(save({ channel: "email", email: "ava@" }))).toEqual({ email: M.emailInvalid });
    expect(errors(save({ channel: "email", email: " ava@example.com " }))).toEqual({});
    expect(errors(save({ channel: "sms", email: "not checked for SMS" }))).toEqual({});
  });

  it("needs the consent box ticked: it starts unticked and nothing else stands for it", () => {
    expect(errors(save({ consent: undefined }))).toEqual({ consent: M.consent });
    expect(errors(save({ consent: "off" }))).toEqual({ consent: M.consent });
    expect(errors(save({ consent: "true" }))).toEqual({});
  });

  it("a name of 1 to 80 characters (emoji count once), a channel it knows", () => {
    expect(errors(save({ name: " " }))).toEqual({ name: M.name });
    expect(errors(save({ name: undefined }))).toEqual({ name: M.name });
    expect(errors(save({ name: "🚗".repeat(80) }))).toEqual({});
    expect(errors(save({ name: "a".repeat(81) }))).toEqual({ name: M.nameTooLong });
    expect(errors(save({ channel: "pigeon" }))).toEqual({ channel: M.channel });
  });

  it("the results page must be a path on this site", () => {
    for (const path of ["https://evil.example/search", "//evil.example/search", "/search\\x", "search", "", "/search\u0000"])
      expect(errors(save({ search_path: path })), path).toEqual({ search_path: M.search });
  });

  it("the browser's validator reads the same form", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(save({ consent: undefined }))) if (value !== undefined) form.set(key, String(value));
    const result = await saveSearchValidator.validate(form);
    expect(result.error?.fieldErrors).toEqual({ consent: M.consent });
  });
});

describe("the garage's changes", () => {
  it("each intent has its own fields; an id is a plain id", () => {
    expect(errors({ intent: "rename", id: "abc-123", name: "Weekend car" }, schemaFor("rename"))).toEqual({});
    expect(errors({ intent: "rename", id: "../etc", name: "x" }, schemaFor("rename"))).toEqual({ id: "Choose a saved search." });
    expect(errors({ intent: "channel", id: "abc", channel: "email", email: "a@b.co" }, schemaFor("channel"))).toEqual({
      consent: M.consent,
    });
    expect(errors({ intent: "channel", id: "abc", channel: "email", consent: "on" }, schemaFor("channel"))).toEqual({
      email: M.email,
    });
    expect(errors({ intent: "delete", id: "abc" }, schemaFor("delete"))).toEqual({});
    expect(errors({ intent: "pause", id: "" }, schemaFor("pause"))).toEqual({ id: "Choose a saved search." });
  });
});
