import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireSite } from "@server/site.server";
import { button, container, field } from "~/styles/ui.css";
import * as styles from "./_index.css";

export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant } = await requireSite(request);
  return json({
    hero: tenant.hero,
    name: tenant.name,
    searchPath: tenant.paths.searchPrefix,
    stats: tenant.statsBanner.show ? tenant.statsBanner.items : [],
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: `${data.name} | New, demo and used cars` }, { name: "description", content: data.hero.text }] : [];

export default function Home() {
  const { hero, searchPath, stats } = useLoaderData<typeof loader>();
  return (
    <>
      <section className={styles.hero}>
        <div className={container}>
          <h1 className={styles.heroTitle}>{hero.title}</h1>
          {hero.text ? <p className={styles.heroText}>{hero.text}</p> : null}
          <Form method="get" action={searchPath} className={styles.searchForm} role="search">
            <label htmlFor="home-query" className="visually-hidden">
              Search stock
            </label>
            <input
              id="home-query"
              name="query"
              type="search"
              className={field}
              placeholder={hero.searchPlaceholder}
              maxLength={100}
            />
            <button type="submit" className={button.accent}>
              Search
            </button>
          </Form>
        </div>
      </section>
      {stats.length ? (
        <section className={styles.stats} aria-label="About our group">
          <ul className={`${container} ${styles.statsList}`}>
            {stats.map((s) => (
              <li key={s.label}>
                <strong className={styles.statValue}>{s.value}</strong> {s.label}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
