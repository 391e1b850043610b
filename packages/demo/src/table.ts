/**
 * Plain-text tables that fit a terminal: every printed line is at most the given width; a cell
 * longer than its column wraps within the column (at spaces where it can), so no row spills into
 * the next terminal line.
 */

/** The gap between two columns. */
const gap = '  '

/**
 * The widths of the demo's three columns (`#`, `call`, `outcome`) for a terminal `width` columns
 * wide: `#` takes 2, `call` about two fifths of the rest, `outcome` what is left.
 *
 * @example
 * import { fitColumns } from './table.js'
 * fitColumns(80) // [2, 29, 45]: 2 + 2 + 29 + 2 + 45 = 80
 */
export function fitColumns(width: number): readonly number[] {
  const usable = Math.max(40, width) - 2 - gap.length * 2
  const call = Math.floor(usable * 0.4)
  return [2, call, usable - call]
}

/**
 * One row of cells in columns of the given widths, cells wrapped within their column.
 *
 * @example
 * import { formatRow } from './table.js'
 * formatRow(['1', 'a call', 'an outcome'], [2, 6, 7]) // '1   a call  an\n            outcome'
 */
export function formatRow(cells: readonly string[], widths: readonly number[]): string {
  const columns = widths.map((width, i) => wrap(cells[i] ?? '', width))
  const height = Math.max(...columns.map((lines) => lines.length))
  return Array.from({ length: height }, (_, n) =>
    columns
      .map((lines, i) => (lines[n] ?? '').padEnd(widths[i] ?? 0))
      .join(gap)
      .trimEnd(),
  ).join('\n')
}

/**
 * The header row and the rule under it.
 *
 * @example
 * import { formatHeader } from './table.js'
 * formatHeader(['#', 'call'], [2, 4]) // '#   call\n--  ----'
 */
export function formatHeader(header: readonly string[], widths: readonly number[]): string {
  return `${formatRow(header, widths)}\n${widths.map((w) => '-'.repeat(w)).join(gap)}`
}

/**
 * Text indented by `indent` spaces and wrapped to `width` columns (the indent included).
 *
 * @example
 * import { formatIndented } from './table.js'
 * formatIndented('an event line', 4, 12) // '    an event\n    line'
 */
export function formatIndented(text: string, indent: number, width: number): string {
  const pad = ' '.repeat(indent)
  return wrap(text, Math.max(10, width - indent))
    .map((line) => pad + line)
    .join('\n')
}

/**
 * Prints rows as a plain-text table, the widths fitted to the content: the last column takes what
 * is left of `maxWidth` and wraps at spaces onto continuation lines.
 *
 * @example
 * import { formatTable } from './table.js'
 * formatTable(['#', 'call'], [['1', 'a']]) // '#  call\n-  ----\n1  a'
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { maxWidth?: number | undefined } = {},
): string {
  const maxWidth = options.maxWidth ?? 120
  const last = header.length - 1
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  )
  const before = widths.slice(0, last).reduce((sum, w) => sum + w + gap.length, 0)
  widths[last] = Math.min(widths[last] ?? 0, Math.max(12, maxWidth - before))
  return [formatHeader(header, widths), ...rows.map((row) => formatRow(row, widths))].join('\n')
}

/**
 * Cuts text into lines of at most `width`: at the last space or after the last `.` or `(` before a
 * letter that fits (a call such as `account.setPositionMode(…)` breaks between its parts, a
 * decimal never), else inside a word.
 */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let rest = text
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width)
    const after = breakAfter(rest, width)
    const best = Math.max(space, after)
    const cut = best > 0 ? best : width
    lines.push(rest.slice(0, cut).trimEnd())
    rest = rest.slice(cut).trimStart()
  }
  lines.push(rest)
  return lines
}

/**
 * The position after the last `.` or `(` inside a word (`orders.place(`, not ` (note`) and before a
 * letter or quote, within `width`; 0 when there is none.
 */
function breakAfter(text: string, width: number): number {
  for (let i = Math.min(width, text.length - 1) - 1; i > 0; i--) {
    const inWord = text[i - 1] !== ' ' && /['a-zA-Z]/.test(text[i + 1] ?? '')
    if ((text[i] === '.' || text[i] === '(') && inWord) return i + 1
  }
  return 0
}
