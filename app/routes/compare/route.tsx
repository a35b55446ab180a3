import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { compareHref } from "~/components/compare/compareLinks";
import * as styles from "~/components/compare/Compare.css";
import { compareRows, parseCompareIds } from "~/domain/compareCars";
import { priceDisplay } from "~/domain/priceDisplay";
import { vehicleTitle } from "~/domain/vehicle";
import { container } from "~/styles/ui.css";
import { getVehicleById } from "@server/db/vehicles";
import { dealerFlags } from "@server/tenants/publicSite";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_ONE_MINUTE } from "@server/http/cachePolicy";
import { Photo } from "~/components/photo/Photo";
import { compareColumnSizes } from "~/domain/photos";

/** Cars side by side. The list is in the URL, so a comparison can be shared and works without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const ids = parseCompareIds(new URL(request.url).searchParams);
  const found = await Promise.all(ids.map((id) => getVehicleById(platform.db, tenant.slug, id)));
  // Only this dealer's cars that it shows on its website; other ids are simply not there.
  const cars = found.filter((v): v is NonNullable<typeof v> => v !== null && v.show_on_dealer_website);
  const flags = dealerFlags(tenant);
  return data(
    {
      searchPath: tenant.paths.searchPrefix,
      cars: cars.map((v) => ({
        id: v.id,
        slug: v.slug,
        title: vehicleTitle(v),
        image: v.primary_image_url,
        price: priceDisplay(v, flags),
        removeHref: compareHref(cars.filter((c) => c.id !== v.id).map((c) => c.id)),
      })),
      rows: compareRows(cars),
    },
    { headers: { "Cache-Control": PRIVATE_ONE_MINUTE } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.cars.length ? `Compare ${data.cars.map((c) => c.title).join(" vs ")}` : "Compare cars" },
  { name: "robots", content: "noindex" },
];

export default function ComparePage() {
  const { cars, rows, searchPath } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1>Compare cars</h1>
      {cars.length === 0 ? (
        <p className={styles.empty}>
          No cars chosen yet. Tick <strong>Compare</strong> on up to three cars in <Link to={searchPath}>our stock</Link>, then come back
          here.
        </p>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <caption className="visually-hidden">Specifications of the chosen cars side by side</caption>
            <thead>
              <tr>
                <td className={styles.corner} />
                {cars.map((car, i) => (
                  <th key={car.id} scope="col" className={styles.carHead}>
                    {car.image ? (
                      <Photo
                        source={car.image}
                        layout="compare"
                        sizes={compareColumnSizes(cars.length)}
                        alt=""
                        width={300}
                        height={200}
                        priority={i < 2 ? "eager" : "lazy"}
                        className={styles.image}
                      />
                    ) : null}
                    <Link className={styles.carTitle} to={`/cars/${car.slug}`}>
                      {car.title}
                    </Link>
                    <span className={styles.price}>{car.price.text}</span>{" "}
                    {car.price.priceType ? <small>{car.price.priceType}</small> : null}
                    <br />
                    <Link className={styles.remove} to={car.removeHref} aria-label={`Remove ${car.title} from the comparison`}>
                      Remove
                    </Link>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className={styles.rowHead}>
                    {row.label}
                  </th>
                  {row.values.map((value, i) => (
                    <td key={cars[i].id} className={styles.cell} style={row.differs ? { fontWeight: 700 } : undefined}>
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
