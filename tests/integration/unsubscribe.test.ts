/**
 * /pages/unsubscribe: the page is cacheable and the same for everyone; a post records the shopper's
 * opt-out for this dealer and moves to the page saying so; a wrong or missing address is answered with
 * the message and what was typed; a bot's post records nothing; nonsense never a 500.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loaderResult } from "../support/loaderResult";
import { testPlatform } from "../support/testPlatform";
import { testTenant } from "../support/testTenant";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { loader, action } from "~/routes/pages.unsubscribe/route";
import { DONE_PATH, EMAIL_INVALID, EMAIL_MISSING, NOT_SAVED } from "~/routes/pages.unsubscribe/unsubscribe.server";

const tenant = testTenant("alpha-motors");
const platform = await testPlatform({ tenants: [tenant] });
afterAll(() => platform.close());
/** The opt-outs the action writes (each test says what the database answers). */
const query = vi.spyOn(platform.db, "query");
const context = { platform, tenant, clientAddress: "203.0.113.5" };
const url = "http://alpha-motors.localhost/pages/unsubscribe";
const post = (body: BodyInit | null, headers?: Record<string, string>) =>
  loaderResult(action({ request: new Request(url, { method: "POST", body, headers }), params: {}, context }));

beforeEach(() => query.mockReset().mockResolvedValue([]));

describe("/pages/unsubscribe", () => {
  it("shows the form, cacheable, and the confirmation after a post", async () => {
    const page = await loaderResult(loader({ request: new Request(url), params: {}, context }));
    expect(page.headers.get("Cache-Control")).toBe(PAGE_CACHE);
    expect(page.data).toMatchObject({ siteName: "Test Motors", done: false });
    const done = await loaderResult(loader({ request: new Request(`http://alpha-motors.localhost${DONE_PATH}`), params: {}, context }));
    expect(done.data).toMatchObject({ done: true });
  });

  it("records the opt-out for this dealer and moves to the confirmation", async () => {
    const response = await post(new URLSearchParams({ email: "  Sam@Example.com " }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(DONE_PATH);
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0][0]).toMatch(/INSERT INTO marketing_opt_outs/);
    expect(query.mock.calls[0][1]).toEqual(["alpha-motors", "sam@example.com", "/pages/unsubscribe"]);
  });

  it.each([
    [{}, EMAIL_MISSING],
    [{ email: "  " }, EMAIL_MISSING],
    [{ email: "not-an-address" }, EMAIL_INVALID],
    [{ email: `${"a".repeat(250)}@example.com` }, EMAIL_INVALID],
  ])("answers %j with its message and what was typed, recording nothing", async (fields, message) => {
    const response = await post(new URLSearchParams(fields as Record<string, string>));
    expect(response.status).toBe(422);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.data).toMatchObject({ error: message });
    expect(query).not.toHaveBeenCalled();
  });

  it("gives a bot the same answer and records nothing", async () => {
    const response = await post(new URLSearchParams({ email: "bot@example.com", company_website: "http://spam" }));
    expect(response.headers.get("Location")).toBe(DONE_PATH);
    expect(query).not.toHaveBeenCalled();
  });

  it("answers a body that is not a form, or a database failure, without a 500 page of its own", async () => {
    expect((await post('{"email":"x@example.com"}', { "Content-Type": "application/json" })).status).toBe(400);
    query.mockRejectedValueOnce(new Error("database gone"));
    const failed = await post(new URLSearchParams({ email: "sam@example.com" }));
    expect(failed.status).toBe(500);
    expect(failed.data).toEqual({ error: NOT_SAVED, email: "sam@example.com" });
  });
});
