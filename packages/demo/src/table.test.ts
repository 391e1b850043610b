import { describe, expect, test } from 'vitest'
import { fitColumns, formatIndented, formatRow, formatTable } from './table.js'

describe('formatTable', () => {
  test('pads columns to the widest cell', () => {
    expect(
      formatTable(
        ['#', 'call'],
        [
          ['1', 'a'],
          ['10', 'bcd'],
        ],
      ),
    ).toMatchInlineSnapshot(`
      "#   call
      --  ----
      1   a
      10  bcd"
    `)
  })

  test('wraps the last column at spaces to keep lines within maxWidth', () => {
    const table = formatTable(['#', 'outcome'], [['1', 'twelve chars and then some more words']], {
      maxWidth: 19,
    })
    expect(table).toMatchInlineSnapshot(`
      "#  outcome
      -  ----------------
      1  twelve chars and
         then some more
         words"
    `)
    for (const line of table.split('\n')) expect(line.length).toBeLessThanOrEqual(19)
  })
})

describe('fitColumns and formatRow', () => {
  test.each([80, 100, 130, 60])(
    'a row at %i columns: every line within the width, each cell wrapped in its own column',
    (width) => {
      const widths = fitColumns(width)
      expect(widths.reduce((sum, w) => sum + w + 2, -2)).toBe(width)
      const row = formatRow(
        [
          '11',
          'stream: a live fill; dropped; a fill, a partial fill and a cancel while down',
          'live fill 0.004 of …000003; reconnected after 1 drop; 4 missed events replayed once each, in order',
        ],
        widths,
      )
      const lines = row.split('\n')
      expect(lines.length).toBeGreaterThan(1)
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(width)
      // Continuation lines leave the `#` column empty and the outcome column starts at one place.
      const outcomeAt = (widths[0] ?? 0) + (widths[1] ?? 0) + 4
      expect(lines[0]?.slice(outcomeAt).startsWith('live fill')).toBe(true)
      for (const line of lines.slice(1)) expect(line.slice(0, 4)).toBe('    ')
    },
  )

  test('a word longer than its column is cut inside the column, not past it', () => {
    expect(formatRow(['1', 'abcdefghij', 'x'], [2, 4, 3])).toBe('1   abcd  x\n    efgh\n    ij')
  })

  test('a call breaks after a dot or bracket before a name, a decimal never', () => {
    expect(formatRow(['21', 'classic account.setPositionMode(hedge_mode)'], [2, 29])).toBe(
      '21  classic account.\n    setPositionMode(hedge_mode)',
    )
    expect(formatRow(['1', 'price 60000.05'], [2, 10])).toBe('1   price\n    60000.05')
    // A bracket after a space opens a note: the line breaks at the space, the bracket stays.
    expect(formatRow(['1', 'is incorrect (no secret)'], [2, 14])).toBe(
      '1   is incorrect\n    (no secret)',
    )
  })

  test('an indented line wraps with its indent', () => {
    expect(formatIndented('an event line', 4, 12)).toBe('    an event\n    line')
  })
})
