/** What the enquiry pages show about the chosen car: enough to recognise it, nothing more. */
export interface EnquiryCar {
  id: string;
  slug: string;
  title: string;
  href: string;
  image: string | null;
  priceText: string;
  priceType: string;
  wasPrice: number | null;
  /** The price a shopper would pay, the finance amount's starting value. */
  sellingPrice: number;
  km: number;
  stockNumber: string;
}
