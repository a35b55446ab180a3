/** /contact: the general enquiry, careers included (spec 000 section 5); the dealer's phone and address beside it. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { EnquiryLayout, Note } from "~/components/enquiry/EnquiryPage";
import { enquiryMeta, enquiryShouldRevalidate } from "~/components/enquiry/routeHelpers";
import { LeadForm } from "~/components/forms/LeadForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { formatPhone, telHref } from "~/domain/phone";
import { contactAction, contactLoader } from "./contact.server";

export const loader = (args: LoaderFunctionArgs) => contactLoader(args);
export const action = (args: ActionFunctionArgs) => contactAction(args);
export const meta = enquiryMeta("Contact Us");
export const shouldRevalidate = enquiryShouldRevalidate;
export const ErrorBoundary = GeneralErrorBoundary;

export default function ContactPage() {
  const { category, rules, messageRequired, optInShown, captchaQuestion, cameFrom, contact } = useLoaderData<typeof loader>();
  const defaultValues = useMemo(() => ({ category }), [category]);
  return (
    <EnquiryLayout
      title="Contact Us"
      intro="Questions about a car, a service, parts, finance or working with us? Send us a message and the right person will get back to you."
      car={null}
      formTitle="Send us an enquiry"
      formId="contact-form"
      aside={
        <Note>
          <p>
            <strong>Prefer to talk?</strong>
          </p>
          <p>
            Call us on <a href={telHref(contact.phone)}>{formatPhone(contact.phone)}</a> or email{" "}
            <a href={`mailto:${contact.email}`}>{contact.email}</a>.
          </p>
          <p>
            {contact.locationName}
            <br />
            {contact.address}
          </p>
        </Note>
      }
    >
      <LeadForm
        form="contact"
        submitLabel="Send Enquiry"
        anchor="contact-form"
        optInShown={optInShown}
        message={{ label: "Comments", required: messageRequired }}
        rules={rules}
        defaultValues={defaultValues}
        captchaQuestion={captchaQuestion}
        cameFrom={cameFrom}
      />
    </EnquiryLayout>
  );
}
