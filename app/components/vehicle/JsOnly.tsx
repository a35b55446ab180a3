import { jsOnly } from "./vehicle.css";

/**
 * Controls that only script can run (copy link, reveal a number, fullscreen) carry the jsOnly class;
 * this rule hides them when JavaScript is off, so no shopper meets a button that does nothing.
 */
export function JsOnlyStyle() {
  return (
    <noscript>
      <style>{`.${jsOnly}{display:none!important}`}</style>
    </noscript>
  );
}

export { jsOnly };
