/**
 * The vehicle as the platform stores it and the search engines index it (spec 000 section 3).
 * Pure types: imported by the server and the browser alike.
 */

/** in_stock and coming_soon are "available"; every other status shows the SOLD panel. */
export type VehicleStatus = "in_stock" | "coming_soon" | "sold" | (string & {});
export type CarType = "new" | "demo" | "used";
export const CAR_TYPES: readonly CarType[] = ["new", "demo", "used"];
/** What kind of stock it is: cars, trucks, motorcycles and caravans share one model. */
export type ItemType = "car" | "truck" | "motorcycle" | "caravan";

export interface VehicleImage {
  url: string;
  thumb: { url: string };
}

export interface Variant {
  cylinders?: number | null;
  enginesize?: number | null;
  enginesize_litres?: number | null;
  induction?: string | null;
  geartype?: string | null;
  fuelconsumptioncombined?: number | null;
  fuelcapacity?: number | null;
  grossvehiclemass?: number | null;
  vehiclelength?: number | null;
  vehicleheight?: number | null;
  vehiclewidth?: number | null;
  towingcapacitybraked?: number | null;
  torque?: number | null;
  bodyconfiguration?: string | null;
  ancaprating?: number | null;
}

export interface CaravanSpecs {
  body_width?: number | null;
  body_length?: number | null;
  tare_weight?: number | null;
  axle_type?: string | null;
  sleeps?: number | null;
  aggregate_trailer_mass?: number | null;
}

export interface Hotspot {
  /** Frame index (angle) the hotspot is visible on. */
  angle: number;
  x: number;
  y: number;
  title: string;
  description: string;
}

export interface VehicleLocationRef {
  id: string;
  name: string;
  slug: string;
  phone: string;
  city: string;
  state: string;
  address: string;
  distribution_locations?: string[];
}

export interface FinanceLender {
  interestRate: number | null;
  comparisonRate: number | null;
  paymentWeek?: number | null;
  paymentMonth?: number | null;
  deposit?: number | null;
  termYears?: number | null;
  balloon?: number | null;
  establishmentFees?: number | null;
  totalPayable?: number | null;
  financeProvider?: string | null;
  disclaimer?: string | null;
}

export interface Vehicle {
  id: string;
  slug: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge: string;
  series: string;
  colour: string;
  interior_colour: string;
  km: number;
  price: number;
  before_price: number;
  offer_price: number;
  subscription_price: number;
  price_type: string;
  status: VehicleStatus;
  car_type: CarType;
  item_type: ItemType;
  stocknum: string;
  vin: string;
  nvic: string;
  regplate: string;
  /** ISO date (yyyy-mm-dd) or empty. */
  rego_expiry: string;
  compliance_date: string;
  build_date: string;
  /** Custom tag, e.g. 'runout sale', 'Test Drive Only', 'Electric'. */
  tag: string;
  reserved: boolean;
  certified: boolean;
  preorder: boolean;
  /** ISO timestamps. */
  created_at: string;
  updated_at: string;
  /** When the car was marked sold (ISO), empty while available. */
  sold_at: string;
  photos_count: number;
  simple_body: string;
  simple_transmission: string;
  simple_fuel: string;
  simple_drive: string;
  drive: string;
  trans: string;
  body: string;
  seats: number;
  doors: number;
  engine_size: number;
  engine_size_litres: number;
  fuel: string;
  images: VehicleImage[];
  primary_image_url: string;
  video_url: string;
  external_video_url: string;
  spin_images: string[];
  spin_interior_image: string;
  hotspots: { exterior: Hotspot[]; interior: Hotspot[] };
  dealercomments: string;
  dealership_slug: string;
  dealership_id: string;
  dealership_name: string;
  location_id: string;
  location: VehicleLocationRef | null;
  city: string;
  state: string;
  private_suburb: string;
  private_postcode: string;
  carsales_title: string;
  categories: string[];
  /** Feature list shown on the page and filterable as filtered_features. */
  standardEquipment: string[];
  /** History report file URL, empty when none. */
  file: string;
  variant: Variant;
  caravan: CaravanSpecs | null;
  autograb_data: { state_average_market_price: number | null; average_market_price: number | null } | null;
  youxQuote: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number } | null;
  finance_lenders: Record<string, FinanceLender> | null;
  payment_processors: string[];
  show_on_dealer_website: boolean;
  /** Dealer-set ranking; the default sort is custom rank descending. */
  custom_rank: number;
}

export const AVAILABLE_STATUSES: readonly VehicleStatus[] = ["in_stock", "coming_soon"];

export function isAvailable(vehicle: Pick<Vehicle, "status">): boolean {
  return vehicle.status === "in_stock" || vehicle.status === "coming_soon";
}

/** "2023 Toyota Corolla Ascent Sport ZWE211R" — year make model, badge series. */
export function vehicleTitle(v: Pick<Vehicle, "year" | "make" | "model" | "badge" | "series">): string {
  return [v.year || "", v.make, v.model, v.badge, v.series].filter(Boolean).join(" ");
}
