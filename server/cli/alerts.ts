/**
 * `npm run alerts -- --tenant <slug> [--limit N] [--retry <message-id>]`: a dealer's saved searches, alerts,
 * messages and consent events, or a failed message sent again. Exit code 0 on success, 1 when nothing
 * matched or the server refused, 2 for a usage mistake. See docs/alerts.md.
 */
import { runAlertsCommand } from "../alerts/command";

const code = await runAlertsCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
