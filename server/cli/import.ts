/**
 * `npm run import -- --tenant <slug> [--mark-missing-sold] <file.json|file.csv>`: loads a dealer's
 * stock feed. Exit code 0 when at least one vehicle landed, 1 when none did, 2 for a usage mistake.
 * See docs/stock-import.md for the file format.
 */
import { runImportCommand } from "../stock/importCommand";

const code = await runImportCommand(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exit(code);
