/**
 * The Content-Security-Policy nonce of the page being rendered on the server: inline scripts (Remix's
 * context and module loader, scroll restoration) carry it. In the browser it is empty, as browsers hide
 * the attribute after load; nothing there needs it.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
