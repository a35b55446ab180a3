/**
 * /success: shown after a successful enquiry (spec 000 section 2). Links back to the car when the
 * enquiry was about one (built from the slug, so it can only ever be a path on this site).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SLUG_PATTERN } from "~/domain/slug";
import { button, container } from "~/styles/ui.css";
import { dealerFrom } from "@server/http/loadContext";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = dealerFrom(context);
  const car = new URL(request.url).searchParams.get("car") ?? "";
  return json(
    {
      siteName: tenant.name,
      carHref: SLUG_PATTERN.test(car) ? `/cars/${encodeURIComponent(car)}` : null,
      searchPath: tenant.paths.searchPrefix,
    },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Thank you | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function Success() {
  const { carHref, searchPath, siteName } = useLoaderData<typeof loader>();
  return (
    <div className={container}>
      <section style={{ maxWidth: "640px", margin: "48px auto", textAlign: "center" }} aria-labelledby="success-title">
        <h1 id="success-title">Thank you! We've received your enquiry.</h1>
        <p>A member of the {siteName} team will be in touch shortly. If it's urgent, please give us a call.</p>
        <p style={{ display: "flex", gap: "12px", justifyContent: "center", flexWrap: "wrap", marginTop: "24px" }}>
          {carHref ? (
            <Link to={carHref} className={button.primary}>
              Back to the car
            </Link>
          ) : null}
          <Link to={searchPath} className={button.outline}>
            Browse our stock
          </Link>
        </p>
      </section>
    </div>
  );
}
