/** One line per event, JSON in production so a log service can read it; plain in development. */
import { logSettings } from "./config/env.server";

type Level = "info" | "warn" | "error";

const RANK = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 } as const;

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  const settings = logSettings();
  if (RANK[level] < RANK[settings.level]) return;
  const line = settings.json
    ? JSON.stringify({ level, message, ...fields, at: new Date().toISOString() })
    : `[${level}] ${message}${fields ? " " + JSON.stringify(fields) : ""}`;
  (level === "info" ? console.log : level === "warn" ? console.warn : console.error)(line);
}

export const log = {
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
