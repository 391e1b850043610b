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
})
