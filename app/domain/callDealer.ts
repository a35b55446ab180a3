/**
 * Which number 'Call Now' shows for a car (spec 000 section 1, spec 001 section 9): the dealer's number
 * for the car's type (new, used, demo) where configured, else the phone of the location holding the
 * car, else the dealer's main number. A group shows several numbers (header, footer, Call Now), so each
 * says whose it is (issue 26): the car type's sales line, a department, or general enquiries.
 */
import type { CarType } from "./vehicle";

interface CarPhoneInput {
  phonesByType: Partial<Record<CarType, string | undefined>>;
  carType: CarType;
  locationPhone: string | null | undefined;
  contactPhone: string;
}

const CAR_TYPE_LINE: Record<CarType, string> = { new: "New car sales", used: "Used car sales", demo: "Demo car sales" };

/** The number and what it is: 'New car sales', 'Sales' (the car's location) or 'Enquiries' (the main number). */
export function callNumberForCar(input: CarPhoneInput): { phone: string; label: string } {
  const byType = input.phonesByType[input.carType]?.trim();
  if (byType) return { phone: byType, label: CAR_TYPE_LINE[input.carType] };
  const location = input.locationPhone?.trim();
  if (location) return { phone: location, label: "Sales" };
  return { phone: input.contactPhone.trim(), label: "Enquiries" };
}

export function dealerPhoneForCar(input: CarPhoneInput): string {
  return callNumberForCar(input).phone;
}

/** A location's department as shoppers say it: 'Sales', 'Service', 'Parts'. */
export function departmentLabel(locationType: "sales" | "service" | "parts" | ""): string {
  return locationType === "service" ? "Service" : locationType === "parts" ? "Parts" : "Sales";
}

export interface LabelledPhone {
  label: string;
  phone: string;
}

/**
 * The footer's numbers, each with its label: the main (enquiries) number, the main yard's department,
 * and the first service department's; a number already listed is not listed again under another name.
 */
export function footerPhones(input: {
  contactPhone: string;
  primary: { phone: string | null | undefined; label: string };
  service: string | null | undefined;
}): LabelledPhone[] {
  const digits = (phone: string) => phone.replace(/\D/g, "");
  const listed: LabelledPhone[] = [];
  const add = (label: string, phone: string | null | undefined) => {
    const trimmed = phone?.trim();
    if (trimmed && !listed.some((p) => digits(p.phone) === digits(trimmed))) listed.push({ label, phone: trimmed });
  };
  add(input.primary.label, input.primary.phone);
  add("Enquiries", input.contactPhone);
  add("Service", input.service);
  return listed;
}
