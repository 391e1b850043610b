/**
 * The main job (`pnpm demo`): a trading session against an embedded sandbox exchange on a free
 * loopback port, printed as a table that fits the terminal, each row as its step ends and the
 * private stream's events under the row of the step they followed.
 */
import { createPrinter } from './printer.js'
import { runDemo } from './session.js'

const printer = createPrinter({
  // Not a terminal (a pipe, a file, CI): COLUMNS when set, else 100.
  width: process.stdout.columns || Number(process.env.COLUMNS) || 100,
  write: (text) => void process.stdout.write(`${text}\n`),
})
printer.text(
  'tradeline demo: a unified-account session, then a classic-futures one, then securities and savings, then a live order book and a classic bot session, against the embedded sandbox',
)
printer.text('')
printer.header()
const { rows, failures, responses } = await runDemo({
  onStreamEvent: printer.event,
  onRow: printer.row,
})
printer.flush()
printer.text('')
printer.text(`${rows.length - failures} steps as expected, ${failures} unexpected`)
printer.text(
  `${responses.tooManyRequests} responses of 429 among ${responses.total} (limits enforced by the sandbox, paced by the client)`,
)
if (failures > 0) process.exitCode = 1
