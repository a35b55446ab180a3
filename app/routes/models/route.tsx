/**
 * /models and /models?body={body-slug} (spec 001 section 2): the dealer's models in stock, all or one
 * body's, with the same tabs as the header's model dropdown (each a link, so it works without
 * JavaScript). The body is checked with zod: a malformed one is ignored, one the dealer has no models
 * of shows the empty list; neither is ever an error.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/Link";
import { z } from "zod";
import { ModelCard } from "~/components/models/ModelCard";
import { bodyLabel } from "~/domain/bodyTypes";
import { button, container } from "~/styles/ui.css";
import { PAGE_CACHE } from "@server/http/cachePolicy";
import { dealerFrom } from "@server/http/loadContext";
import { modelCatalogue } from "@server/modelCatalogue.server";
import * as styles from "./models.css";

const bodyQuery = z
  .string()
  .trim()
  .toLowerCase()
  .max(40)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { platform, tenant } = dealerFrom(context);
  const asked = new URL(request.url).searchParams.get("body");
  const parsed = asked === null ? null : bodyQuery.safeParse(asked);
  const body = parsed?.success ? parsed.data : null;
  const { bodies, models } = await modelCatalogue(platform, tenant);
  const current = body ? (bodies.find((b) => b.slug === body) ?? { slug: body, label: bodyLabel(body) }) : null;
  return data(
    {
      siteName: tenant.name,
      bodies,
      body: current,
      models: current ? models.filter((m) => m.body === current.slug) : models,
      offersPath: tenant.paths.offers,
      searchPath: tenant.paths.searchPrefix,
    },
    { headers: { "Cache-Control": PAGE_CACHE } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? PAGE_CACHE });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.body ? `${data.body.label} Models` : "All Models"} | ${data?.siteName ?? ""}` },
  { name: "description", content: `The models in stock at ${data?.siteName ?? "our dealership"}.` },
  ...(data?.body && !data.bodies.some((b) => b.slug === data.body?.slug) ? [{ name: "robots", content: "noindex" }] : []),
];

export default function Models() {
  const { bodies, body, models, offersPath, searchPath } = useLoaderData<typeof loader>();
  const tabs = [
    { key: "all", label: "ALL MODELS", href: "/models", current: !body },
    ...bodies.map((b) => ({
      key: b.slug,
      label: b.label.toUpperCase(),
      href: `/models?body=${encodeURIComponent(b.slug)}`,
      current: body?.slug === b.slug,
    })),
    { key: "offers", label: "CURRENT OFFERS", href: offersPath, current: false },
  ];
  return (
    <div className={container}>
      <h1 className={styles.title}>{body ? `${body.label} Models` : "All Models"}</h1>
      <nav aria-label="Model categories">
        <ul className={styles.tabs}>
          {tabs.map((tab) => (
            <li key={tab.key}>
              <Link to={tab.href} className={styles.tab} aria-current={tab.current ? "page" : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {models.length ? (
        <ul className={styles.grid}>
          {models.map((model) => (
            <li key={model.href} style={{ display: "flex" }}>
              <ModelCard model={model} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <section className={styles.empty}>
          <h2>No models to show</h2>
          <p>We have no {body ? `${body.label} ` : ""}models in stock right now.</p>
          <Link to={searchPath} className={button.primary}>
            Browse all stock
          </Link>
        </section>
      )}
    </div>
  );
}
