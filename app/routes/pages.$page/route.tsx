/**
 * A dealer's content page (About Us, Privacy Policy, Service, Parts & Accessories, the group pages...):
 * the Markdown in tenants/<slug>/pages/<page>.md, rendered on the server with HTML switched off
 * (server/content/pages.ts). The addresses it answers are listed in remix.config.js; /pages/{page}
 * moves to the page's own address. A page the dealer has not got is a 404.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { button, container } from "~/styles/ui.css";
import { NO_STORE } from "@server/http/cachePolicy";
import { contentPageAction, contentPageLoader } from "./content.server";
import * as styles from "./contentPage.css";

export const loader = (args: LoaderFunctionArgs) => contentPageLoader(args);
export const action = (args: ActionFunctionArgs) => contentPageAction(args);
export const headers: HeadersFunction = ({ loaderHeaders }) => ({ "Cache-Control": loaderHeaders.get("Cache-Control") ?? NO_STORE });
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.page.title} | ${data.siteName}` },
        ...(data.page.description ? [{ name: "description", content: data.page.description }] : []),
        { tagName: "link", rel: "canonical", href: data.canonical },
      ]
    : [];

export default function ContentPageRoute() {
  const { page, form, bookingUrl, optInShown } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.page}`}>
      <article className={styles.article} aria-labelledby="page-title">
        <h1 id="page-title" className={styles.title}>
          {page.title}
        </h1>
        {/* Rendered from the dealer's Markdown with HTML disabled: nothing the dealer typed runs. */}
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
      {bookingUrl ? (
        <section className={styles.formCard} aria-labelledby="booking-title">
          <h2 id="booking-title" className={styles.formTitle}>
            Book a Service online
          </h2>
          <p>Choose a time that suits you on our manufacturer's service booking page.</p>
          <p>
            <a className={button.primary} href={bookingUrl} target="_blank" rel="noopener noreferrer">
              Book a Service online<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
      ) : null}
      {form ? (
        <section id="page-form" className={styles.formCard} aria-labelledby="page-form-title">
          <h2 id="page-form-title" className={styles.formTitle}>
            {form.formTitle}
          </h2>
          <LeadForm
            form="enquiry"
            submitLabel={form.submit}
            anchor="page-form"
            optInShown={optInShown}
            message={{ label: form.message, required: true, placeholder: form.placeholder }}
            rules={form.rules}
            defaultValues={form.defaults}
          />
        </section>
      ) : null}
    </div>
  );
}
