import { describe, expect, it } from "vitest";
import { testPaymentForm } from "../../../tests/support/testPayment";
import { amountCents, readPaymentForm } from "./paymentForm";

const good = testPaymentForm();

describe("amountCents", () => {
  it("reads dollars and cents as the shopper types them", () => {
    expect(amountCents("1500")).toBe(150_000);
    expect(amountCents("$1,250.5")).toBe(125_050);
    expect(amountCents(" 99.99 ")).toBe(9_999);
  });
  it("refuses what is not an amount", () => {
    for (const bad of ["", "abc", "-5", "1.234", "1,25", "1e5", "12 34"]) expect(amountCents(bad)).toBeNull();
  });
});

describe("the online payment form", () => {
  it("takes $1 to $50,000", () => {
    expect(readPaymentForm(good)).toMatchObject({ ok: true, values: { amount: 125_050, reference: "INV-1042" } });
    expect(readPaymentForm({ ...good, amount: "1" })).toMatchObject({ ok: true, values: { amount: 100 } });
    expect(readPaymentForm({ ...good, amount: "50,000.00" })).toMatchObject({ ok: true, values: { amount: 5_000_000 } });
    for (const amount of ["0.99", "50000.01", "0", "lots"]) {
      const result = readPaymentForm({ ...good, amount });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.fieldErrors.amount).toBeTruthy();
    }
  });
  it("asks for every field, an e-mail and an Australian mobile, whatever arrives", () => {
    const result = readPaymentForm({ reference: "<script>", amount: ["1"], email: "nope", phone: "123" });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.fieldErrors).sort()).toEqual(["amount", "email", "first_name", "last_name", "phone", "reference"]);
  });
});
