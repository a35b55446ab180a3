/**
 * A form whose code (the form kit, `remix-validated-form`) loads with the form, not with the page
 * (~/components/lazyPart.tsx): the server renders the whole form, a shopper without JavaScript gets a
 * complete, working HTML form, and in the browser React keeps the server's form (working as a plain HTML
 * form meanwhile) and hydrates it with the page once its chunk has arrived, keeping whatever the shopper
 * has typed (the kit's fields are uncontrolled, so React leaves their values alone).
 */
import type { ComponentType } from "react";
import { lazyPart } from "~/components/lazyPart";
// Importing the fields' styles here puts them in the page's stylesheet, not the form's chunk: the
// server's form is styled (and its honeypot hidden) before its script arrives, and without JavaScript.
import { pendingForm } from "./Field.css";

function PendingForm() {
  return <div className={pendingForm} aria-busy="true" />;
}

export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>, displayName: string): ComponentType<P> {
  return lazyPart(load, displayName, PendingForm);
}
