import { describe, expect, test } from 'vitest'
import { formatTable } from './table.js'

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
