/**
 * Which number 'Call Now' shows for a car (spec 000 section 1, spec 001 section 9): the dealer's number
 * for the car's type (new, used, demo) where configured, else the phone of the location holding the
 * car, else the dealer's main number.
 */
import type { CarType } from "./vehicle";

export function dealerPhoneForCar(input: {
  phonesByType: Partial<Record<CarType, string | undefined>>;
  carType: CarType;
  locationPhone: string | null | undefined;
  contactPhone: string;
}): string {
  return input.phonesByType[input.carType]?.trim() || input.locationPhone?.trim() || input.contactPhone.trim();
}
