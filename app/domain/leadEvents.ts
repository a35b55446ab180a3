/**
 * Which analytics event a lead counts as (spec 000 section 7): a test drive is 17 for new and demo
 * cars (and test-drive-only cars), 48 for used; any other enquiry about a car is 14 (new, demo) or
 * 15 (used); an enquiry with no car is a general enquiry, 22; a careers enquiry is 51.
 */
import { EVENT, type AnalyticsEventId } from "./analyticsEvents";
import { isTestDriveOnly } from "./eligibility";
import type { EnquiryCategory } from "./enquiryRules";
import type { Vehicle } from "./vehicle";

export function leadEventId(kind: "test-drive" | "enquiry", car: Pick<Vehicle, "car_type" | "tag"> | null): AnalyticsEventId {
  if (!car) return EVENT.generalEnquiry;
  const used = car.car_type === "used";
  if (kind === "test-drive") return used && !isTestDriveOnly(car) ? EVENT.usedTestDrive : EVENT.testDrive;
  return used ? EVENT.usedEnquiry : EVENT.newEnquiry;
}

/**
 * The event of a general enquiry (/contact) by the category chosen: careers 51; a new or used vehicle
 * enquiry 14 or 15 as it would be about such a car (the car's own type when it names one); anything
 * else 22.
 */
export function enquiryEventId(category: EnquiryCategory, car: Pick<Vehicle, "car_type" | "tag"> | null = null): AnalyticsEventId {
  if (category === "Careers Enquiry") return EVENT.careersEnquiry;
  if (car) return leadEventId("enquiry", car);
  if (category === "New Vehicle Enquiry") return EVENT.newEnquiry;
  if (category === "Used Vehicle Enquiry") return EVENT.usedEnquiry;
  return EVENT.generalEnquiry;
}
