/**
 * /sign-in?type={kind}&redirect={target}&back={origin} (spec 001 "Gated routes"; 000 for
 * type=watchlist): phone sign-in in two steps, the mobile then the code sent to it. Without JavaScript
 * these are two plain posts to this page; with it, the same posts without reloading the page and a
 * 60-second wait before 'Resend Code'. After the code is verified the shopper is signed in and goes on
 * to `redirect` (a path on this site, else home); 'Cancel' goes to `back`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import * as enquiry from "~/components/enquiry/enquiry.css";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { container } from "~/styles/ui.css";
import * as styles from "./signIn.css";
import { SignInForm, type SignInFormProps } from "./SignInForm";
import { signInAction, signInLoader } from "./signIn.server";

export const loader = (args: LoaderFunctionArgs) => signInLoader(args);
export const action = (args: ActionFunctionArgs) => signInAction(args);
export const ErrorBoundary = GeneralErrorBoundary;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Sign in"} | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** The page's data never changes with a step of the form: only a new address reloads it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult ? false : defaultShouldRevalidate;

type ActionAnswer =
  | { status: "verificationSent"; phone: string; sentAt: number }
  | { fieldErrors: Record<string, string>; repopulateFields?: { phone?: string; step?: string } };

/** Which step the form shows: after a code was sent, or after a refusal on the code step, the code step. */
function formState(answer: ActionAnswer | undefined): Pick<SignInFormProps, "status" | "phone" | "sentAt"> {
  if (answer && "status" in answer) return { status: "verificationSent", phone: answer.phone, sentAt: answer.sentAt };
  const kept = answer?.repopulateFields;
  return { status: kept?.step === "code" ? "verificationSent" : "default", phone: kept?.phone ?? "", sentAt: null };
}

export default function SignInPage() {
  const { title, intro, back } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const location = useLocation();
  return (
    <div className={`${container} ${enquiry.page}`}>
      <header className={enquiry.header}>
        <h1 className={enquiry.title}>{title}</h1>
        <p className={enquiry.lead}>{intro}</p>
      </header>
      <section className={`${enquiry.formCard} ${styles.card}`} aria-label="Sign in">
        <SignInForm {...formState(answer)} back={back} action={`${location.pathname}${location.search}`} />
      </section>
    </div>
  );
}
