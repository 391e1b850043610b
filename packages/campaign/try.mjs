import { formatTable, formatWrong, runCampaign, settingsOperations, planOperations } from './dist/index.js'
const timing = { timeoutMs: 50, reconcile: { attempts: 5, baseDelayMs: 10 } }
const fastWait = (ms) => new Promise((r) => setTimeout(r, ms / 100))
const only = process.argv[2] === 'all' ? undefined : [...(settingsOperations ?? []), ...(planOperations ?? [])]
const result = await runCampaign({ seed: Number(process.argv[3] ?? 3), calls: Number(process.argv[4] ?? 120), timing, wait: fastWait, operations: only, concurrency: Number(process.argv[5] ?? 1) })
console.log(formatTable(result))
console.log(formatWrong(result, true))
