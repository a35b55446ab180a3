/**
 * /spin-to-win: the dealer's prize wheel (features.spinToWin). The wheel is drawn from the dealer's
 * prizes; 'Spin the wheel' is a plain form post, so it works without JavaScript. With JavaScript the
 * wheel turns to the prize the server drew (spinAnimation.ts, loaded when the spin comes back).
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { spinTurn, sliceAngles } from "~/domain/spinToWin";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { alert, button, container } from "~/styles/ui.css";
import { useReportedLead } from "~/utils/dealerTags";
import { vars } from "~/styles/theme.css";
import { PRIVATE_NO_STORE } from "@server/http/cachePolicy";
import { spinAction, spinLoader } from "./spin.server";
import * as styles from "./spin.css";

export const loader = (args: LoaderFunctionArgs) => spinLoader(args);
export const action = (args: ActionFunctionArgs) => spinAction(args);
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE_NO_STORE });
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.campaign ?? "Spin to Win"} | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
export const ErrorBoundary = GeneralErrorBoundary;

const FILLS = [vars.color.brand, vars.color.accent];
const TEXT = [vars.color.brandContrast, vars.color.accentContrast];

/** A point on the wheel's rim, `deg` clockwise from the top. */
function rim(deg: number, r: number): string {
  const rad = ((deg - 90) * Math.PI) / 180;
  return `${(r * Math.cos(rad)).toFixed(3)} ${(r * Math.sin(rad)).toFixed(3)}`;
}

function Wheel({ prizes, turn, wheelRef }: { prizes: string[]; turn: number; wheelRef: React.Ref<SVGGElement> }) {
  const r = 90;
  return (
    <svg viewBox="-100 -100 200 200" className={styles.wheelSvg} role="img" aria-label={`Prize wheel: ${prizes.join(", ")}`}>
      <circle r={96} fill={vars.color.text} />
      <g ref={wheelRef} className={styles.wheel} style={{ transform: `rotate(${turn}deg)` }} data-testid="prize-wheel">
        {prizes.map((label, i) => {
          const { start, end, middle } = sliceAngles(prizes.length, i);
          const large = end - start > 180 ? 1 : 0;
          // An odd count would put two brand slices side by side at the top: the last one takes the surface colour.
          const colour = prizes.length % 2 === 1 && i === prizes.length - 1 ? 2 : i % 2;
          const fill = colour === 2 ? vars.color.surface : FILLS[colour];
          const text = colour === 2 ? vars.color.text : TEXT[colour];
          const d =
            prizes.length === 1
              ? `M 0 -${r} A ${r} ${r} 0 1 1 -0.01 -${r} Z`
              : `M 0 0 L ${rim(start, r)} A ${r} ${r} 0 ${large} 1 ${rim(end, r)} Z`;
          return (
            <g key={`${i}-${label}`}>
              <path d={d} fill={fill} stroke={vars.color.background} strokeWidth={1} />
              <text
                className={styles.sliceText}
                fill={text}
                transform={`rotate(${middle - 90}) translate(${r - 10} 0)`}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {label.length > 18 ? `${label.slice(0, 17)}…` : label}
              </text>
            </g>
          );
        })}
        <circle r={12} fill={vars.color.background} stroke={vars.color.text} strokeWidth={2} />
      </g>
      <path d="M -8 -100 L 8 -100 L 0 -82 Z" fill={vars.color.danger} stroke={vars.color.background} strokeWidth={1.5} />
    </svg>
  );
}

export default function SpinToWinPage() {
  const { campaign, prizes, terms, firstName, prize } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useReportedLead(result?.dealerLead);
  const navigation = useNavigation();
  const wheelRef = useRef<SVGGElement>(null);
  const won = result?.prize ?? prize;
  const index = won ? prizes.indexOf(won) : -1;
  const turn = index >= 0 ? spinTurn(prizes.length, index) % 360 : 0;
  const fresh = Boolean(result?.fresh && index >= 0);

  useEffect(() => {
    if (!fresh || !wheelRef.current) return;
    const wheel = wheelRef.current;
    void import("./spinAnimation").then(({ turnWheel }) => turnWheel(wheel, spinTurn(prizes.length, index)));
  }, [fresh, index, prizes.length]);

  const spinning = navigation.state === "submitting";
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.title}>{campaign}</h1>
      <p className={styles.intro}>
        {won
          ? "Thanks for spinning. Our team will be in touch to arrange your prize."
          : `${firstName ? `Good luck, ${firstName}! ` : ""}Spin the wheel once to win a prize from us.`}
      </p>
      <div className={styles.layout}>
        <div className={styles.wheelBox}>
          <Wheel prizes={prizes} turn={turn} wheelRef={wheelRef} />
        </div>
        <div className={styles.panel} aria-live="polite">
          {result?.error ? <p className={alert}>{result.error}</p> : null}
          {won ? (
            <>
              <p className={styles.small}>{result?.fresh ? "You won" : "You've had your spin. Your prize"}</p>
              <p className={styles.prize} data-testid="spin-prize">
                {won}
              </p>
              <p className={styles.small}>One spin per phone number for this promotion. We've let the team know.</p>
            </>
          ) : prizes.length ? (
            <Form method="post">
              <button type="submit" name="intent" value="spin" className={button.accent} disabled={spinning}>
                {spinning ? "Spinning…" : "Spin the wheel"}
              </button>
              <p className={styles.small} style={{ marginTop: 12 }}>
                One spin per phone number. The prize is drawn when you press the button.
              </p>
            </Form>
          ) : (
            <p className={styles.small}>The prize wheel isn't ready yet. Please check back soon.</p>
          )}
        </div>
      </div>
      {terms ? (
        <p className={styles.terms}>
          <strong>Terms and conditions.</strong> {terms}
        </p>
      ) : null}
    </div>
  );
}
