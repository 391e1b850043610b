/**
 * The campaign's table: what was done, and the audit's findings against their targets.
 */
import type { CampaignResult } from './campaign.js'

/** The rows whose target is 0, with their values. */
export function targets(result: CampaignResult): [string, number][] {
  const { findings } = result
  return [
    ['duplicates (two orders for one clientOid / intent)', findings.duplicates],
    ['outcomes reported wrongly', findings.wrong.length],
    ['calls unresolved (never settled, or still unknown)', findings.unresolved],
    ['unhandled rejections', result.unhandled],
    ['untyped throws (not a tradeline BaseError)', findings.untyped],
  ]
}

/** Whether every target is met (each 0). */
export function passed(result: CampaignResult): boolean {
  return targets(result).every(([, value]) => value === 0)
}

/**
 * The table printed by `pnpm campaign` (Markdown, so the README can hold it as printed).
 *
 * @example
 * import { formatTable, runCampaign } from '@tradeline/campaign'
 * console.log(formatTable(await runCampaign({ calls: 200 })))
 */
export function formatTable(result: CampaignResult): string {
  const faulted = Object.values(result.faults).reduce((a, b) => a + b, 0)
  const { securities, strategies, races } = result.findings
  const concurrent = result.concurrency > 1
  const rows: [string, string][] = [
    ['seed', String(result.seed)],
    ['calls', String(result.calls)],
    ['calls in flight at once (concurrency)', String(result.concurrency)],
    ...Object.entries(result.operations).map(([operation, n]): [string, string] => [
      `· ${operation}`,
      String(n),
    ]),
    ['intents (one per order of a batch)', String(result.intents.length)],
    ['requests sent again (retryWith, after 429)', String(result.retries)],
    [`calls hit by a fault`, `${faulted} (${((faulted / result.calls) * 100).toFixed(1)}%)`],
    ...Object.entries(result.faults).map(([label, n]): [string, string] => [
      `· ${label}`,
      String(n),
    ]),
    ['· of which the retry was hit too', String(result.faultedRetries)],
    ['· of which a reconciliation lookup was hit too', String(result.faultedLookups)],
    ['· of which modifications applied asynchronously', String(result.asyncModifications)],
    ['faults no request took', String(result.faultsUnused)],
    [
      'securities orders (no clientOid, reconciled by matching): placed / refused',
      `${securities.placed} / ${securities.refused}`,
    ],
    [
      '· reported unknown: placed before the call settled (a lookup could settle it)',
      String(securities.unknownSettleable),
    ],
    [
      '· reported unknown: in fact placed after the call settled / absent',
      `${securities.unknownPlaced} / ${securities.unknownAbsent}`,
    ],
    ...(concurrent
      ? ([
          [
            'strategy orders without clientOid (trigger, trailing stop): placed / refused',
            `${strategies.placed} / ${strategies.refused}`,
          ],
          [
            '· reported unknown (UnknownOutcomeError): in fact placed / absent',
            `${strategies.unknownPlaced} / ${strategies.unknownAbsent}`,
          ],
          [
            'strategy modify / cancel reported unknown (no lookup offered): in fact applied / not',
            `${strategies.changeUnknownApplied} / ${strategies.changeUnknownNotApplied}`,
          ],
          ...Object.entries(races)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([label, n]): [string, string] => [`race: ${label}`, String(n)]),
        ] satisfies [string, string][])
      : []),
    [
      'settings writes (own account): applied / refused',
      `${result.findings.settings.applied} / ${result.findings.settings.refused}`,
    ],
    [
      "· refused with the exchange's code while a position was open",
      String(result.findings.settings.refusedHolding),
    ],
    ['order history entries audited', String(result.history.length)],
    ['plan log entries audited (plan orders added and changed)', String(result.planHistory.length)],
    ...targets(result).map(([label, value]): [string, string] => [`**${label}**`, `**${value}**`]),
    ['duration', `${(result.durationMs / 1000).toFixed(1)} s`],
  ]
  const width = Math.max(...rows.map(([label]) => label.length))
  const valueWidth = Math.max(5, ...rows.map(([, value]) => value.length))
  const line = (a: string, b: string) => `| ${a.padEnd(width)} | ${b.padStart(valueWidth)} |`
  return [
    line('', 'value'),
    `| ${'-'.repeat(width)} | ${'-'.repeat(valueWidth - 1)}: |`,
    ...rows.map(([a, b]) => line(a, b)),
  ].join('\n')
}

/**
 * The wrong outcomes, one line each (empty when there are none); `verbose` adds, under each,
 * what was claimed, the fault, the history window and the history of the orders concerned
 * (`<` before the call, `>` during it, `+` after it settled).
 */
export function formatWrong(result: CampaignResult, verbose = false): string {
  return result.findings.wrong
    .map((w) => {
      const line = `step ${w.call} ${w.operation} (${w.target}): ${w.what}`
      if (!verbose) return line
      const window = w.window ? `#${w.window.start} to #${w.window.settled}` : 'the whole history'
      return [
        line,
        `    claimed: ${w.claimed}`,
        `    fault injected at its start: ${w.fault ?? 'none'}`,
        `    window (history sequence numbers after the start, up to the settlement): ${window}`,
        ...w.history.map((h) => `    ${h}`),
      ].join('\n')
    })
    .join('\n')
}

/**
 * The wrong outcomes by kind (the operation and the contradiction with its ids and numbers
 * taken out), with how many and the first step of each.
 *
 * @example
 * import { wrongKinds } from '@tradeline/campaign'
 * wrongKinds(result) // [{ kind: 'classic.cancelVsModify: reported cancelled, but the order was replaced …', count: 3, first: 17 }]
 */
export function wrongKinds(
  result: Pick<CampaignResult, 'findings'>,
): { kind: string; count: number; first: number }[] {
  const kinds = new Map<string, { kind: string; count: number; first: number }>()
  for (const w of result.findings.wrong) {
    const what = w.what
      .replace(/\([^)]*\)/g, '(…)')
      .replace(/#\d+/g, '#n')
      .replace(/\b\d[\d.]*\b/g, 'N')
    const kind = `${w.operation}: ${w.claimed.replace(/orderId \d+/, 'orderId N')} — ${what}`
    const seen = kinds.get(kind)
    if (seen) seen.count++
    else kinds.set(kind, { kind, count: 1, first: w.call })
  }
  return [...kinds.values()].sort((a, b) => b.count - a.count)
}
