/** One line per event, JSON in production so a log service can read it; plain in development. */
type Level = "info" | "warn" | "error";

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (process.env.LOG_LEVEL === "silent") return;
  const line =
    process.env.NODE_ENV === "production"
      ? JSON.stringify({ level, message, ...fields, at: new Date().toISOString() })
      : `[${level}] ${message}${fields ? " " + JSON.stringify(fields) : ""}`;
  (level === "info" ? console.log : level === "warn" ? console.warn : console.error)(line);
}

export const log = {
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
