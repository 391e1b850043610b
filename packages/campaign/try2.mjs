import { runCampaign, settingsOperations, planOperations, describeChange } from './dist/index.js'
const timing = { timeoutMs: 50, reconcile: { attempts: 5, baseDelayMs: 10 } }
const fastWait = (ms) => new Promise((r) => setTimeout(r, ms / 100))
const result = await runCampaign({ seed: 3, calls: 60, timing, wait: fastWait, operations: [...planOperations] })
for (const c of result.planHistory.slice(0, 12)) console.log(describeChange(c))
for (const i of result.intents.slice(0, 25)) console.log(i.call, i.operation, i.fault ?? '', JSON.stringify(i.target), JSON.stringify(i.report), JSON.stringify(i.window))
