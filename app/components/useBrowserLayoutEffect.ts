import { useEffect, useLayoutEffect } from "react";

/** Layout effects run only in the browser; on the server (the first render) a plain effect stands in. */
export const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;
