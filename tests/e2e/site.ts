/** Where each demo dealer site answers during end-to-end tests. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${PORT}${path}`;
export const TENANTS = ["coastal-gwm", "summit-auto-group", "westside-used"] as const;
