/** Prints rows as a plain-text table, the widths fitted to the content. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = header.map((title, i) =>
    Math.min(72, Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length))),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => clip(cell, widths[i] ?? 0).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [line(header), rule, ...rows.map(line)].join('\n')
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`
}
