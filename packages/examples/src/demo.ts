/**
 * The main job (`pnpm demo`): a trading session against an embedded sandbox exchange on a free
 * loopback port, printed as a table.
 */
import { runDemo } from './session.js'
import { formatTable } from './table.js'

const { rows, failures } = await runDemo()
console.log('tradeline demo: a session against the embedded sandbox\n')
console.log(formatTable(['#', 'call', 'outcome'], rows))
console.log(`\n${rows.length - failures} steps as expected, ${failures} unexpected`)
if (failures > 0) process.exitCode = 1
