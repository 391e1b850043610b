// One contender of the in-memory measure (./cpu.mjs) and the raw baseline, in this process:
// prints `{ raw, own }`, their per-round microseconds per call. Argument: JSON of
// `{ server: { url, credentials }, id, options }`.
import { roundsOf } from './cpu.mjs'

const { server, id, options } = JSON.parse(process.argv[2])
process.stdout.write(`${JSON.stringify(await roundsOf(server, id, options))}\n`)
