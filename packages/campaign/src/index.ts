// Every export is named here; nothing is re-exported wholesale from internals.
export { audit, claimOf, type Findings, type Truth, type Wrong } from './audit.js'
export {
  type CampaignOptions,
  type CampaignResult,
  defaultTiming,
  runCampaign,
} from './campaign.js'
export { type Next, nextStep, type Report } from './careful.js'
export {
  type Change,
  compact,
  createHistoryReader,
  describeChange,
  type HistoryReader,
} from './history.js'
export { type Intent, lookupPathOf, pathOf, type Target, type Window } from './intents.js'
export {
  concurrentOperations,
  createPlan,
  createRandom,
  type FaultChoice,
  faultMenu,
  lookupMenu,
  type Operation,
  operations,
  operationsOf,
  type PlannedCall,
  planOperations,
  type Random,
  reconcileWindowMs,
  retryPauseMs,
  settingsOperations,
  type Timing,
} from './plan.js'
export { createPlanLog, type PlanLog } from './planLog.js'
export { formatTable, formatWrong, passed, targets, wrongKinds } from './table.js'
