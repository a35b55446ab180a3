import { describe, expect, it } from "vitest";
import { COMMENTS_PENDING, dealerCommentsView } from "./dealerComments";

describe("dealer comments", () => {
  it("shows the pending message when there are none", () => {
    expect(dealerCommentsView("")).toEqual({ kind: "pending", text: COMMENTS_PENDING });
    expect(dealerCommentsView("  \n ")).toMatchObject({
      kind: "pending",
      text: "Dealer comments are pending. Please check back here later.",
    });
    expect(dealerCommentsView(null).kind).toBe("pending");
  });
  it("shows comments of 400 characters or fewer in full", () => {
    expect(dealerCommentsView("a".repeat(400))).toEqual({ kind: "full", paragraphs: ["a".repeat(400)] });
  });
  it("collapses longer comments to 400 characters without splitting a word", () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");
    const view = dealerCommentsView(words);
    expect(view.kind).toBe("collapsed");
    if (view.kind !== "collapsed") return;
    expect(view.preview.length).toBeLessThanOrEqual(400);
    expect(words.startsWith(view.preview)).toBe(true);
    expect(view.preview.endsWith(" ")).toBe(false);
    expect(words.split(" ")).toContain(view.preview.split(" ").pop());
    expect(`${view.preview} ${view.rest.join(" ")}`).toBe(words);
  });
  it("keeps the dealer's paragraphs", () => {
    const view = dealerCommentsView(`First line.\n\nSecond line.\r\nThird.`);
    expect(view).toEqual({ kind: "full", paragraphs: ["First line.", "Second line.", "Third."] });
  });
  it("cuts a single long word at 400", () => {
    const view = dealerCommentsView("x".repeat(450));
    expect(view.kind === "collapsed" && view.preview.length).toBe(400);
  });
});
