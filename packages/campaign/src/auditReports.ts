/**
 * What the audit reads and writes: the sandbox's truth at the end, the wrong reports and the
 * findings, and the words for what a report claims and what an intent names.
 */
import type { Report } from './careful.js'
import type { Change } from './history.js'
import type { Intent, Window } from './intents.js'

/** What the audit reads of the sandbox at the end. */
export type Truth = {
  /** Every add and change of an order or strategy order of the account, oldest first. */
  readonly history: readonly Change[]
  /** The securities executions, as `admin.stockExecutions()`. */
  readonly executions: readonly {
    readonly orderId: string
    readonly quantity: number
    /** When it was made, the sandbox clock (Unix ms). */
    readonly time: number
  }[]
  /** The campaign's reference read (savings products before any fault). */
  readonly reference: string
  /** The plan log: every save of a plan order of the plan account, oldest first. */
  readonly plans?: readonly Change[] | undefined
}

/** One outcome reported wrongly, with what a developer needs to find it again. */
export type Wrong = {
  /** The call's step in the plan (rerun the seed to meet it again). */
  readonly call: number
  readonly operation: string
  /** The fault injected for the call's path when it started (another call may have taken it). */
  readonly fault: string | undefined
  /** What the intent named: the order, its clientOid, the new value asked for. */
  readonly target: string
  /** What the call reported. */
  readonly claimed: string
  /** How the history contradicts it. */
  readonly what: string
  /** The call's history window (sequence numbers), when known. */
  readonly window?: Window | undefined
  /**
   * The changes of the orders concerned: `<` before the window, `>` within it, `+` after the
   * call settled.
   */
  readonly history: readonly string[]
}

/** The findings of an audit. */
export type Findings = {
  /** Intents that left two orders (or executions) where one was asked for. */
  duplicates: number
  wrong: Wrong[]
  /** Intents never settled, or still unknown at the end where the client offers a retry. */
  unresolved: number
  untyped: number
  /** Securities placements by report and truth (they carry no clientOid). */
  securities: {
    placed: number
    refused: number
    /** Reported unknown, yet made before the call settled: a lookup could settle it (also unresolved). */
    unknownSettleable: number
    /** Reported unknown, made after the call settled (a late request): no lookup could find it. */
    unknownPlaced: number
    unknownAbsent: number
  }
  /**
   * Strategy orders the client cannot reconcile, by report and truth: placements without a
   * clientOid (trigger, trailing stop), and modifications and cancels (no lookup offered).
   */
  strategies: {
    placed: number
    refused: number
    unknownPlaced: number
    unknownAbsent: number
    changeUnknownApplied: number
    changeUnknownNotApplied: number
  }
  /**
   * Settings writes by report: applied, refused (of which while a position was open, with the
   * exchange's code for it).
   */
  settings: { applied: number; refused: number; refusedHolding: number }
  /** Orders (and plan orders) carrying a campaign clientOid that no intent asked for, or an unknown id. */
  strays: number
  /** How the races ended, by what won (from the history). */
  races: Record<string, number>
}

/** What a report claims, in words. */
export function claimOf(report: Report): string {
  switch (report.status) {
    case 'ok':
      return `done (orderId ${report.orderId})`
    case 'refused':
      return `refused: ${report.error}${report.code ? ` ${report.code}` : ''}`
    case 'not-applied':
      return `not applied: ${report.error}`
    case 'unknown':
      return `unknown: ${report.error}${report.retryable ? ' (a retry offered, not sent: the last of its sends)' : ''}`
    case 'untyped':
      return `untyped: ${report.error}`
    case 'hung':
      return 'hung'
  }
}

/** What an intent names, in words. */
export function targetOf(intent: Intent): string {
  const t = intent.target
  switch (t.kind) {
    case 'place':
      return `${t.line} order clientOid ${t.clientOid}`
    case 'modify':
      return `unified order ${t.orderId} to price ${t.price}`
    case 'replace':
      return `classic order ${t.orderId} replaced under newClientOid ${t.newClientOid}`
    case 'cancel':
      return `${t.line} order ${t.orderId}`
    case 'stock':
      return `securities quantity ${t.quantity}`
    case 'read':
      return 'savings products'
    case 'strategy':
      return `${t.type} strategy order ${t.clientOid ? `clientOid ${t.clientOid}` : `qty ${t.qty}`}`
    case 'strategyModify':
      return `strategy order ${t.orderId} to qty ${t.qty}`
    case 'strategyCancel':
      return `strategy order ${t.orderId}`
    case 'plan':
      return `${t.planType} plan order clientOid ${t.clientOid}`
    case 'planModify':
      return `plan order ${t.orderId} to trigger ${t.trigger}`
    case 'planCancel':
      return `plan order ${t.orderId}`
    case 'setting':
      return `${t.line} ${t.setting} of ${t.scope} to ${t.asked}`
  }
}

/**
 * Unknown by design: what the client cannot look up (no clientOid, or a change it does not
 * reconcile) reported unknown with no retry offered. A retry offered and not sent (the careful
 * user's last send) leaves the intent unresolved.
 */
export function unknownByDesign(intent: Intent): boolean {
  const t = intent.target
  if (intent.report.status === 'unknown' && intent.report.retryable) return false
  return (
    t.kind === 'stock' ||
    (t.kind === 'strategy' && t.type !== 'tpsl') ||
    t.kind === 'strategyModify' ||
    t.kind === 'strategyCancel'
  )
}
