/**
 * The garage's saved searches (issue 27), beside the saved cars: each with its name, its filters in
 * words, where its alerts go and whether it is paused, and Open, Rename, Change alerts, Pause/Resume and
 * Delete. Each change is a plain form posting to /saved-searches (it works without JavaScript: the
 * server comes back to the garage saying what changed); with JavaScript a fetcher sends it and the
 * item shows the change at once (a new name, paused, gone) while the garage's data is read again.
 * Also says whether price drops and sales of saved cars are sent, and how (the alerts' contract).
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { Link } from "~/components/Link";
import { consentWords, SAVED_SEARCH_LIMIT, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_PATH } from "~/domain/savedSearchAddress";
import { button, field, fieldError, label as labelStyle } from "~/styles/ui.css";
import type { SavedSearchView } from "./garageView";
import * as styles from "./savedSearches.css";

type Answer = { ok: true; done: string } | { ok: false; error?: string; signIn?: string };

export interface SavedSearchesProps {
  searches: SavedSearchView[];
  carAlerts: { channel: "sms" | "email"; address: string } | null;
  notice: { tone: "success" | "error"; text: string } | null;
  dealerName: string;
  searchPath: string;
  shopperMobile: string;
}

function channelWords(channel: "sms" | "email", address: string): string {
  return channel === "sms" ? `SMS to ${address}` : `e-mail to ${address}`;
}

function SavedSearchItem({ search, dealerName, shopperMobile }: { search: SavedSearchView; dealerName: string; shopperMobile: string }) {
  const fetcher = useFetcher<Answer>();
  const ids = useId();
  const [channel, setChannel] = useState(search.channel);
  // Optimistic: while a change is on its way (or just made), the item shows it.
  const sent = fetcher.formData;
  const intent = sent?.get("intent");
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  // Signed out meanwhile (another tab): sign in, then back to the garage.
  useEffect(() => {
    if (failed?.signIn) window.location.assign(failed.signIn);
  }, [failed?.signIn]);
  if (intent === "delete" && !failed) return null;
  const name = intent === "rename" && typeof sent?.get("name") === "string" ? String(sent.get("name")).trim() || search.name : search.name;
  const paused = intent === "pause" ? true : intent === "resume" ? false : search.paused;
  const busy = fetcher.state !== "idle";

  return (
    <li className={styles.item} data-testid="saved-search" data-paused={paused ? "true" : "false"}>
      <div className={styles.itemHead}>
        <h3 className={styles.name}>{name}</h3>
        {paused ? <span className={styles.badge}>Paused</span> : null}
      </div>
      <p className={styles.words}>{search.words.length ? search.words.join(" · ") : "All cars"}</p>
      <p className={styles.channel}>
        {paused ? "Alerts paused. " : "Alerts by "}
        {paused ? `When resumed, by ${channelWords(search.channel, search.address)}.` : `${channelWords(search.channel, search.address)}.`}
      </p>
      {failed?.error ? (
        <p role="alert" className={fieldError}>
          {failed.error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link to={search.path} className={button.primary} aria-label={`Open ${name}`}>
          Open
        </Link>
        <fetcher.Form method="post" action={SAVED_SEARCHES_PATH}>
          <input type="hidden" name="id" value={search.id} />
          <button
            type="submit"
            name="intent"
            value={paused ? "resume" : "pause"}
            className={button.ghost}
            disabled={busy}
            aria-label={`${paused ? "Resume" : "Pause"} ${name}`}
          >
            {paused ? "Resume" : "Pause"}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post" action={SAVED_SEARCHES_PATH}>
          <input type="hidden" name="id" value={search.id} />
          <button type="submit" name="intent" value="delete" className={button.ghost} disabled={busy} aria-label={`Delete ${name}`}>
            Delete
          </button>
        </fetcher.Form>
      </div>
      <details className={styles.more}>
        <summary className={styles.moreSummary}>Rename</summary>
        <fetcher.Form method="post" action={SAVED_SEARCHES_PATH} className={styles.inlineForm}>
          <input type="hidden" name="id" value={search.id} />
          <div>
            <label htmlFor={`${ids}-name`} className={labelStyle}>
              New name
            </label>
            <input
              id={`${ids}-name`}
              type="text"
              name="name"
              className={field}
              defaultValue={search.name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              required
              autoComplete="off"
            />
          </div>
          <button type="submit" name="intent" value="rename" className={button.outline} disabled={busy}>
            Save name
          </button>
        </fetcher.Form>
      </details>
      <details className={styles.more}>
        <summary className={styles.moreSummary}>Change alerts</summary>
        <fetcher.Form method="post" action={SAVED_SEARCHES_PATH} className={styles.inlineForm}>
          <input type="hidden" name="id" value={search.id} />
          <fieldset className={styles.fieldset}>
            <legend className={labelStyle}>Send alerts by</legend>
            <label className={styles.radio}>
              <input type="radio" name="channel" value="sms" defaultChecked={search.channel === "sms"} onChange={() => setChannel("sms")} />
              <span>SMS to {shopperMobile}</span>
            </label>
            <label className={styles.radio}>
              <input
                type="radio"
                name="channel"
                value="email"
                defaultChecked={search.channel === "email"}
                onChange={() => setChannel("email")}
              />
              <span>E-mail</span>
            </label>
          </fieldset>
          <div>
            <label htmlFor={`${ids}-email`} className={labelStyle}>
              E-mail for alerts {channel === "sms" ? <span className={styles.hint}>(only for e-mail)</span> : null}
            </label>
            <input
              id={`${ids}-email`}
              name="email"
              type="email"
              className={field}
              defaultValue={search.email}
              maxLength={120}
              autoComplete="email"
            />
          </div>
          <label className={styles.consent}>
            <input type="checkbox" name="consent" value="on" />
            <span>{consentWords(dealerName)}</span>
          </label>
          <button type="submit" name="intent" value="channel" className={button.outline} disabled={busy}>
            Save alerts
          </button>
        </fetcher.Form>
      </details>
    </li>
  );
}

export function SavedSearches({ searches, carAlerts, notice, dealerName, searchPath, shopperMobile }: SavedSearchesProps) {
  return (
    <section className={styles.section} aria-labelledby="garage-searches">
      <h2 id="garage-searches" className={styles.sectionTitle}>
        Saved searches{searches.length ? ` (${searches.length})` : ""}
      </h2>
      {notice ? (
        <p
          role={notice.tone === "error" ? "alert" : "status"}
          className={notice.tone === "error" ? styles.noticeError : styles.notice}
          data-testid="search-notice"
        >
          {notice.text}
        </p>
      ) : null}
      {searches.length === 0 ? (
        <div className={styles.empty} data-testid="searches-empty">
          <p style={{ margin: 0 }}>
            No saved searches yet. Choose your filters on the results page and press &lsquo;Save this search&rsquo;: we&apos;ll tell you by
            SMS or e-mail when a matching car arrives.
          </p>
          <Link to={searchPath} className={button.outline}>
            Start a search
          </Link>
        </div>
      ) : (
        <ul className={styles.list} data-testid="saved-searches">
          {searches.map((search) => (
            <SavedSearchItem key={search.id} search={search} dealerName={dealerName} shopperMobile={shopperMobile} />
          ))}
        </ul>
      )}
      <p className={styles.carAlerts} data-testid="car-alerts">
        {carAlerts
          ? `Price drops and sales of your saved cars: on, by ${channelWords(carAlerts.channel, carAlerts.address)} (where your newest saved search's alerts go).`
          : "Price drops and sales of your saved cars: off. Save a search with alerts and we'll tell you about your saved cars the same way."}
        {searches.length >= SAVED_SEARCH_LIMIT ? ` You have the most saved searches we keep (${SAVED_SEARCH_LIMIT}).` : ""}
      </p>
    </section>
  );
}
