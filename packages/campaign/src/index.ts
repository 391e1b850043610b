// Every export is named here; nothing is re-exported wholesale from internals.
export { audit, type Findings, type Truth, type Wrong } from './audit.js'
export {
  type CampaignOptions,
  type CampaignResult,
  defaultTiming,
  runCampaign,
} from './campaign.js'
export { type Next, nextStep, type Report } from './careful.js'
export { type Intent, lookupPathOf, pathOf, type Target } from './intents.js'
export {
  createPlan,
  createRandom,
  type FaultChoice,
  faultMenu,
  lookupMenu,
  type Operation,
  operations,
  type PlannedCall,
  type Random,
  reconcileWindowMs,
  retryPauseMs,
  type Timing,
} from './plan.js'
export { formatTable, formatWrong, passed, targets } from './table.js'
