import { describe, expect, it } from "vitest";
import { testVehicle } from "../../../tests/support/testVehicle";
import { applicationView } from "./applicationView";

const dealer = { name: "Alpha Motors", phone: "02 9000 0000" };
const payload = {
  purchasePrice: 30000,
  loanTerm: 1,
  selfAssessedCreditScore: "GREAT",
  year: 2019,
  vin: "JTM123",
  phoneNumber: "0412345678",
  firstName: " Ava ",
  quote: { weeklyRepaymentAmount: 1141.9, advertisedRate: 7.99, comparisonRate: 9.1 },
};

describe("applicationView", () => {
  it("words the figures as the page shows them", () => {
    const view = applicationView({
      reference: "FIN-2345-6789-ABCD",
      payload,
      createdAt: "2025-06-01T03:00:00.000Z",
      vehicle: null,
      dealer,
    });
    expect(view).toMatchObject({
      firstName: "Ava",
      amount: "$30,000",
      term: "1 year",
      credit: "Great",
      receivedOn: "June 1, 2025",
      quote: { weekly: "$1,141.90", advertisedRate: "7.99% p.a.", comparisonRate: "9.10% p.a." },
      phone: "0412 345 678",
      dealer: { name: "Alpha Motors", phone: "02 9000 0000", phoneHref: "tel:+61290000000" },
    });
  });

  it("names the car from the dealer's stock, or from the year and VIN the application gave", () => {
    const withCar = applicationView({
      reference: "R",
      payload,
      createdAt: "",
      vehicle: testVehicle({ slug: "a-car", primary_image_url: "/a.jpg" }),
      dealer,
    });
    expect(withCar.car).toMatchObject({ href: "/cars/a-car", image: "/a.jpg", details: ["VIN JTM123"] });
    const hidden = applicationView({
      reference: "R",
      payload,
      createdAt: "",
      vehicle: testVehicle({ show_on_dealer_website: false }),
      dealer,
    });
    expect(hidden.car).toMatchObject({ href: null, image: null });
    expect(applicationView({ reference: "R", payload, createdAt: "", vehicle: null, dealer }).car).toEqual({
      title: "2019 car",
      href: null,
      image: null,
      details: ["2019", "VIN JTM123"],
    });
    expect(
      applicationView({ reference: "R", payload: { ...payload, year: null, vin: "" }, createdAt: "", vehicle: null, dealer }).car,
    ).toBeNull();
  });

  it("shows no figures for an application without them (one handed to YouX) and never trusts odd values", () => {
    const view = applicationView({
      reference: "R",
      payload: { purchasePrice: "lots", loanTerm: null, selfAssessedCreditScore: "SUPERB" },
      createdAt: "",
      vehicle: null,
      dealer,
    });
    expect(view).toMatchObject({ amount: "", term: "", credit: "", quote: null, receivedOn: null, firstName: "" });
  });
});
