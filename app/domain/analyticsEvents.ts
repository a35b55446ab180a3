/** The analytics event catalogue of both specifications (event id -> what happened). */
export const ANALYTICS_EVENTS = {
  4: "used car view",
  14: "new enquiry",
  15: "used enquiry",
  17: "test drive (new or test-drive-only)",
  18: "offer accepted",
  22: "general enquiry",
  25: "phone click",
  26: "calculator first use",
  36: "code sent",
  37: "code verified",
  39: "save car or favourite",
  48: "used test drive",
  49: "search page view",
  51: "careers enquiry",
  60: "history report",
  61: "print",
} as const;

export type AnalyticsEventId = keyof typeof ANALYTICS_EVENTS;

/** The catalogue's events by name, for the code that records them. */
export const EVENT = {
  usedCarView: 4,
  newEnquiry: 14,
  usedEnquiry: 15,
  testDrive: 17,
  offerAccepted: 18,
  generalEnquiry: 22,
  phoneClick: 25,
  calculatorFirstUse: 26,
  codeSent: 36,
  codeVerified: 37,
  saveCar: 39,
  usedTestDrive: 48,
  searchPageView: 49,
  careersEnquiry: 51,
  historyReport: 60,
  print: 61,
} as const satisfies Record<string, AnalyticsEventId>;

export function isAnalyticsEventId(id: number): id is AnalyticsEventId {
  return Object.prototype.hasOwnProperty.call(ANALYTICS_EVENTS, id);
}
