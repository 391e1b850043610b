/**
 * The demo's output: the table printed as it grows, fitted to the terminal's width, each stream
 * event under the row of the step during which it arrived, wire values with a plain word beside.
 */
import type { Row } from './context.js'
import { plainWords } from './plain.js'
import { fitColumns, formatHeader, formatIndented, formatRow } from './table.js'

/** Prints the demo's table and events. */
export type Printer = {
  /** A line of text outside the table, wrapped to the width. */
  text(line: string): void
  /** The table's header and rule. */
  header(): void
  /** A stream event: held until the running step's row is printed, then printed under it. */
  event(line: string): void
  /** A step's row, then the events that arrived while it ran. */
  row(row: Row): void
  /** Prints the events that arrived after the last row. */
  flush(): void
}

/** How far an event line is indented under its row: past the `#` column. */
const eventIndent = 4

/**
 * A printer writing lines of at most `width` characters through `write`.
 *
 * @example
 * import { createPrinter } from './printer.js'
 * const printer = createPrinter({ width: 80, write: console.log })
 * printer.header()
 * printer.event('live  order …000001 live 0/0.01')
 * printer.row(['1', 'orders.place(…)', 'placed']) // the row, then '    ↳ live  order …000001 live 0/0.01'
 */
export function createPrinter(options: { width: number; write: (text: string) => void }): Printer {
  const { width, write } = options
  const widths = fitColumns(width)
  const pending: string[] = []
  const flush = () => {
    for (const line of pending.splice(0)) write(formatIndented(`↳ ${line}`, eventIndent, width))
  }
  return {
    text: (line) => write(line === '' ? '' : formatIndented(line, 0, width)),
    header: () => write(formatHeader(['#', 'call', 'outcome'], widths)),
    event: (line) => void pending.push(plainWords(line)),
    row: (row) => {
      write(formatRow(row.map(plainWords), widths))
      flush()
    },
    flush,
  }
}
