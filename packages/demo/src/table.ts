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
  const before = widths.slice(0, last).reduce((sum, w) => sum + w + 2, 0)
  widths[last] = Math.min(widths[last] ?? 0, Math.max(12, maxWidth - before))
  const line = (cells: readonly string[]) => {
    const columns = cells.map((cell, i) => wrap(cell, widths[i] ?? 0))
    const height = Math.max(...columns.map((lines) => lines.length))
    return Array.from({ length: height }, (_, n) =>
      columns
        .map((lines, i) => (lines[n] ?? '').padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    ).join('\n')
  }
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [line(header), rule, ...rows.map(line)].join('\n')
}

/** Cuts text into lines of at most `width`, at spaces where it can. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let rest = text
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width)
    const cut = space > 0 ? space : width
    lines.push(rest.slice(0, cut))
    rest = rest.slice(cut).trimStart()
  }
  lines.push(rest)
  return lines
}
