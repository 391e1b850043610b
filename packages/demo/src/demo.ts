/**
 * The main job (`pnpm demo`): a trading session against an embedded sandbox exchange on a free
 * loopback port, printed as a table.
 */
import { runDemo } from './session.js'
import { formatTable } from './table.js'

console.log(
  'tradeline demo: a unified-account session, then a classic-futures one, then securities and savings, then a live order book, against the embedded sandbox\n',
)
console.log('private stream events as they arrive:')
const { rows, failures, responses } = await runDemo({
  onStreamEvent: (line) => console.log(`  ${line}`),
})
console.log('')
console.log(formatTable(['#', 'call', 'outcome'], rows, { maxWidth: 130 }))
console.log(`\n${rows.length - failures} steps as expected, ${failures} unexpected`)
console.log(
  `${responses.tooManyRequests} responses of 429 among ${responses.total} (limits enforced by the sandbox, paced by the client)`,
)
if (failures > 0) process.exitCode = 1
