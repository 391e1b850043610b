import { describe, expect, test } from 'vitest'
import { createPrinter } from './printer.js'

describe('createPrinter', () => {
  test('prints each event under the row of the step it arrived in, in arrival order, within the width', () => {
    const out: string[] = []
    const printer = createPrinter({ width: 80, write: (text) => out.push(...text.split('\n')) })
    printer.header()
    printer.event('live  order …000001 live 0/0.01')
    printer.row(['6', 'orders.place(limit buy 0.01 @ 60000.0)', 'placed'])
    printer.event('live  order …000001 partially_filled 0.004/0.01')
    printer.event('live  fill  …000001 0.004 @ 60000')
    printer.row(['7', 'admin.fill', 'filled 0.004 (buy_single)'])
    printer.event('classic order …000002 live 0/0.01')
    printer.flush()
    expect(out.slice(2)).toEqual([
      '6   orders.place(limit buy 0.01 @  placed',
      '    60000.0)',
      '    ↳ live  order …000001 live 0/0.01',
      '7   admin.fill                     filled 0.004 (buy_single: one-way buy)',
      '    ↳ live  order …000001 partially_filled (part filled) 0.004/0.01',
      '    ↳ live  fill  …000001 0.004 @ 60000',
      '    ↳ classic order …000002 live 0/0.01',
    ])
    for (const line of out) expect(line.length).toBeLessThanOrEqual(80)
  })
})
