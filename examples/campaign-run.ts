import { formatTable, passed, runCampaign } from '@tradeline/campaign'

const result = await runCampaign({ seed: 7, calls: 40 })
console.log(formatTable(result)) // the table below
console.log('passed:', passed(result)) // true when duplicates, wrong outcomes, unresolved, unhandled and untyped are all 0
