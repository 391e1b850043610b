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
  const { securities } = result.findings
  const rows: [string, string][] = [
    ['seed', String(result.seed)],
    ['calls', String(result.calls)],
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
      'securities orders (no clientOid): placed / refused',
      `${securities.placed} / ${securities.refused}`,
    ],
    [
      '· reported unknown (UnknownOutcomeError): in fact placed / absent',
      `${securities.unknownPlaced} / ${securities.unknownAbsent}`,
    ],
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

/** The wrong outcomes, one line each (empty when there are none). */
export function formatWrong(result: CampaignResult): string {
  return result.findings.wrong.map((w) => `call ${w.call} ${w.operation}: ${w.what}`).join('\n')
}
