/**
 * The page's one toast host (spec 001 section 4: one toast at a time), rendered once by the root layout.
 * Its code (Toast.tsx) loads after the page (~/components/lazyPart.tsx); the server still renders it, so
 * a refusal sent back in the address is on screen without JavaScript.
 */
import { lazyPart } from "~/components/lazyPart";

const Nothing = () => null;

export const ToastHost = lazyPart<Record<string, never>>(() => import("./Toast").then((m) => m.ToastHostImpl), "ToastHost", Nothing);
