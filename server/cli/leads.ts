/**
 * `npm run leads -- --tenant <slug> [--status pending|delivered|failed] [--limit N] [--retry <lead-or-delivery-id>]`:
 * a dealer's leads with each channel's delivery state, or failed deliveries sent again. Exit code 0 on
 * success, 1 when nothing matched or the server refused, 2 for a usage mistake. See docs/leads.md.
 */
import { runLeadsCommand } from "../leads/command";

const code = await runLeadsCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
