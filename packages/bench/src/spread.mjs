// The same bench run twice: the spread of each goal's figure between two whole runs of one
// commit. `pnpm bench` keeps the run before it (docs/bench/results.previous.json) and, when both
// runs measured the same commit with no local changes, writes this section under its report.
import { goalChecks, mark } from './goals.mjs'
import { markdownTable, runName } from './report.mjs'

/** The numbers of a figure as the table prints it: '1.87x' -> [1.87]; 'rolldown 41.9 kB, esbuild 48.4 kB' -> [41.9, 48.4]. */
export function figures(text) {
  return [...text.matchAll(/-?\d+(?:\.\d+)?/g)].map((match) => Number(match[0]))
}

/** |a - b| over the mean of the two; 0 when both are 0. */
export function relativeSpread(a, b) {
  const mean = (Math.abs(a) + Math.abs(b)) / 2
  return mean === 0 ? 0 : Math.abs(a - b) / mean
}

/**
 * One row per goal checked in both runs: its figure in each, the largest relative spread over
 * the figure's numbers, and whether the goal was met in each run. The peer comparison rows repeat
 * the order rows' figure and are left out.
 */
export function spreadRows(first, second) {
  const before = new Map(goalChecks(first).map((check) => [check.id, check]))
  const rows = []
  for (const check of goalChecks(second)) {
    const other = before.get(check.id)
    if (other === undefined || check.id.startsWith('ordersPeers')) continue
    const a = figures(other.measured)
    const b = figures(check.measured)
    if (a.length === 0 || a.length !== b.length) continue
    rows.push({
      id: check.id,
      subject: check.subject,
      first: other.measured,
      second: check.measured,
      spread: Math.max(...a.map((value, i) => relativeSpread(value, b[i]))),
      met: [other.met, check.met],
    })
  }
  return rows
}

/** Whether two runs measured the same commit, both with no local changes, both whole runs. */
export function sameCommit(first, second) {
  const a = first?.run?.commit
  const b = second?.run?.commit
  return (
    typeof a === 'string' &&
    a === b &&
    first.run.changed === false &&
    second.run.changed === false &&
    !first.quick &&
    !second.quick &&
    first.only === undefined &&
    second.only === undefined
  )
}

const percent = (share) => `${(share * 100).toFixed(1)}%`

/** The section: which two runs, and the table of goals with both figures and their spread. */
export function formatSpread(first, second) {
  const rows = spreadRows(first, second)
  const largest = rows.reduce((max, row) => (row.spread > max.spread ? row : max), rows[0])
  return [
    `**The same bench run twice, commit ${second.run.commit}: the spread of each goal's figure**`,
    `Run 1 is ${runName(first)}; run 2 is ${runName(second)}. The spread is the difference of the two figures over their mean (for a figure of two numbers, the larger of the two spreads).${largest ? ` The largest: ${largest.subject}, ${percent(largest.spread)}.` : ''}`,
    markdownTable({
      head: ['goal', 'run 1', 'run 2', 'spread', 'met in run 1 / run 2'],
      rows: rows.map((row) => ({
        key: row.id,
        cells: [
          row.subject,
          row.first,
          row.second,
          percent(row.spread),
          row.met.map((met) => mark(met).replaceAll('*', '')).join(' / '),
        ],
      })),
    }),
  ].join('\n\n')
}
