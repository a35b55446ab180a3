/**
 * `npm run feeds -- --tenant <slug>`: per ad channel, how many of the dealer's cars are in its feed and
 * why each other car is out. Exit code 0 on success, 1 when the dealer or its stock cannot be read, 2 for
 * a usage mistake. See docs/stock-import.md, "Inventory out to ad channels".
 */
import { runFeedsCommand } from "../feeds/command";

const code = await runFeedsCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
