/**
 * The audit: what each call reported, against the sandbox's own records of orders, positions
 * and executions (read through its admin handle once every late request has landed).
 */
import type { Intent } from './intents.js'

/** What the audit reads of the sandbox at the end. */
export type Truth = {
  /** Every order of the account (both lines), as `admin.state().orders`. */
  readonly orders: readonly {
    readonly orderId: string
    readonly clientOid: string
    readonly line?: string | undefined
    readonly status: string
    readonly source?: string | undefined
  }[]
  /** The securities executions, as `admin.stockExecutions()`. */
  readonly executions: readonly { readonly orderId: string; readonly quantity: number }[]
  /** The campaign's reference read (savings products before any fault). */
  readonly reference: string
}

/** One outcome reported wrongly. */
export type Wrong = { readonly call: number; readonly operation: string; readonly what: string }

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
    unknownPlaced: number
    unknownAbsent: number
  }
  /** Orders carrying a campaign clientOid that no intent asked for, or an unknown id. */
  strays: number
}

/** Orders of a line with a clientOid. */
function withClientOid(truth: Truth, line: string, clientOid: string) {
  return truth.orders.filter((o) => o.clientOid === clientOid && (o.line ?? 'unified') === line)
}

/**
 * Audits every intent against the sandbox truth.
 *
 * @example
 * import { audit } from '@tradeline/campaign'
 * audit([], { orders: [], executions: [], reference: '[]' }, 'c1-').duplicates // 0
 */
export function audit(intents: readonly Intent[], truth: Truth, prefix: string): Findings {
  const findings: Findings = {
    duplicates: 0,
    wrong: [],
    unresolved: 0,
    untyped: 0,
    securities: { placed: 0, refused: 0, unknownPlaced: 0, unknownAbsent: 0 },
    strays: 0,
  }
  const wrong = (intent: Intent, what: string) =>
    findings.wrong.push({ call: intent.call, operation: intent.operation, what })
  const asked = new Set<string>()
  for (const intent of intents) {
    const { report, target } = intent
    if (report.status === 'untyped') findings.untyped++
    const stock = target.kind === 'stock'
    if (report.status === 'hung' || (report.status === 'unknown' && !stock)) findings.unresolved++
    switch (target.kind) {
      case 'place': {
        asked.add(target.clientOid)
        const found = withClientOid(truth, target.line, target.clientOid)
        if (found.length > 1) findings.duplicates++
        if (report.status === 'ok') {
          if (found.length === 0) wrong(intent, 'reported placed, absent')
          else if (report.orderId !== found[0]?.orderId)
            wrong(intent, `reported orderId ${report.orderId}, the order is ${found[0]?.orderId}`)
        } else if (
          (report.status === 'refused' || report.status === 'not-applied') &&
          found.length > 0
        )
          wrong(intent, `reported ${report.error} (not placed), present`)
        if (intent.operation === 'classic.reverse') judgeReversal(intent, wrong)
        break
      }
      case 'modify': {
        const order = intent.truth as { price?: string; status: string } | undefined
        const applied = order !== undefined && order.price === target.price
        if (report.status === 'ok' && !applied)
          wrong(intent, `reported modified, the price is ${order?.price}`)
        if ((report.status === 'refused' || report.status === 'not-applied') && applied)
          wrong(intent, `reported ${report.error} (not modified), modified`)
        break
      }
      case 'replace': {
        asked.add(target.newClientOid)
        const seen = intent.truth as {
          old: { status: string } | undefined
          renewed: readonly { orderId: string }[]
        }
        const now = withClientOid(truth, 'classic', target.newClientOid)
        if (now.length > 1) findings.duplicates++
        const applied = seen.renewed.length > 0
        if (report.status === 'ok') {
          if (!applied) wrong(intent, 'reported modified, no new order')
          else if (report.orderId !== seen.renewed[0]?.orderId)
            wrong(
              intent,
              `reported orderId ${report.orderId}, the new order is ${seen.renewed[0]?.orderId}`,
            )
          else if (seen.old?.status !== 'cancelled')
            wrong(intent, 'modified, the old order is still open')
        } else if ((report.status === 'refused' || report.status === 'not-applied') && applied)
          wrong(intent, `reported ${report.error} (not modified), replaced`)
        break
      }
      case 'cancel': {
        const order = intent.truth as { status: string } | undefined
        const cancelled = order?.status === 'cancelled'
        if (report.status === 'ok' && !cancelled)
          wrong(intent, `reported cancelled, the order is ${order?.status ?? 'absent'}`)
        if ((report.status === 'refused' || report.status === 'not-applied') && cancelled)
          wrong(intent, `reported ${report.error} (not cancelled), cancelled`)
        break
      }
      case 'stock': {
        const found = truth.executions.filter((e) => e.quantity === target.quantity)
        if (found.length > 1) findings.duplicates++
        if (report.status === 'ok') {
          findings.securities.placed++
          if (found.length === 0) wrong(intent, 'reported placed, absent')
          else if (found[0]?.orderId !== report.orderId)
            wrong(intent, `reported orderId ${report.orderId}, the order is ${found[0]?.orderId}`)
        } else if (report.status === 'refused' || report.status === 'not-applied') {
          findings.securities.refused++
          if (found.length > 0) wrong(intent, `reported ${report.error} (not placed), present`)
        } else if (report.status === 'unknown') {
          if (found.length > 0) findings.securities.unknownPlaced++
          else findings.securities.unknownAbsent++
        }
        break
      }
      case 'read': {
        if (report.status === 'ok' && intent.truth !== truth.reference)
          wrong(intent, 'read data that differs from the reference read')
        break
      }
    }
  }
  // The account is the campaign's alone: an order no intent asked for is a second order made
  // under another id (a retry that did not keep the clientOid). The closing half of a reversal
  // carries an id of the exchange's.
  findings.strays = truth.orders.filter(
    (o) => !asked.has(o.clientOid) && !(o.source === 'reverse' && !o.clientOid.startsWith(prefix)),
  ).length
  findings.duplicates += findings.strays
  return findings
}

/** A reversal reported applied flipped the position; one reported not applied left it. */
function judgeReversal(intent: Intent, wrong: (intent: Intent, what: string) => void): void {
  const { before, after } = intent.truth as { before: string; after: string }
  const flipped = before !== after && before.replace(/^-/, '') === after.replace(/^-/, '')
  if (intent.report.status === 'ok' && !flipped)
    wrong(intent, `reported reversed, the position went from ${before} to ${after}`)
  if (
    (intent.report.status === 'refused' || intent.report.status === 'not-applied') &&
    before !== after
  )
    wrong(intent, `reported not reversed, the position went from ${before} to ${after}`)
}
