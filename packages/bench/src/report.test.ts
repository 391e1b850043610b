import { describe, expect, test } from 'vitest'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { formatTable, ordersChart, replaceBetween, tableRows } from './report.mjs'

const order = (name: string, group: string, inFlight: number, vsUndici: number) => ({
  name,
  group,
  inFlight,
  us: 300 * vsUndici,
  vsUndici,
  vsFetch: vsUndici / 3,
})
const results = {
  date: '2026-11-23T00:00:00.000Z',
  node: 'v20.20.0',
  quick: false,
  orders: [1, 16].flatMap((n) => [
    order('raw undici.request (signed)', 'baseline', n, 1),
    order('raw fetch (signed)', 'baseline', n, 3),
    order('tradeline unified client.orders.place (undici, default in Node)', 'tradeline', n, 1.08),
    order('ccxt 4.5.84 createOrder (uta)', 'peer', n, 1.9),
  ]),
  signing: { ns: 2000, baselineNs: 1900, ratio: 1.05 },
  validation: { ns: 9000, baselineNs: 6000, ratio: 1.5 },
  tickAndLot: { ns: 500, baselineNs: 2000, ratio: 0.25 },
  limiter: [
    {
      processes: 1,
      store: 'memory',
      limit: 10,
      windowMs: 1000,
      seconds: 30,
      use: 0.996,
      responses429: 0,
      violations: 0,
    },
    {
      processes: 4,
      store: 'redis',
      limit: 10,
      windowMs: 1000,
      seconds: 30,
      use: 0.99,
      responses429: 0,
      violations: 0,
    },
  ],
  batches: {
    orders: 1000,
    ok: 1000,
    responses429: 0,
    elapsedMs: 9900,
    minimumMs: 9050,
    ratio: 1.09,
  },
  imports: {
    '@tradeline/unified': 25,
    '@tradeline/core': 12,
    '@tradeline/rules': 10,
    'bitget-api': 60,
    ccxt: 400,
  },
  sizes: [
    {
      name: 'unified: createUnifiedBaseClient + placeOrder',
      rolldownGz: 29 * 1024,
      esbuildGz: 31 * 1024,
      budgetGz: 30 * 1024,
      builtins: [],
    },
  ],
}

describe('the bench report', () => {
  test('issue #13: each goal row says met or not met from the numbers', () => {
    const goalsOf = tableRows(results)
      .map((row: string[]) => row[5])
      .filter(Boolean)
    expect(goalsOf).toEqual([
      '<= 1.1x of undici and faster than ccxt: met, met',
      '<= 1.1x of undici and faster than ccxt: met, met',
      '>= 99.5%, 0, 0: met',
      '>= 99.5%, 0, 0: **not met**',
      '1000 ok, 0 refused with 429',
      '<= 30.0 kB: rolldown met, esbuild **not met**',
    ])
  })

  test('the table has one header and one line per row, pipes escaped', () => {
    const table: string = formatTable(results)
    const lines = table.split('\n').filter((l) => l.startsWith('|'))
    expect(lines.length).toBe(2 + tableRows(results).length)
    expect(table).toContain('Measured 2026-11-23 on Node v20.20.0.')
  })

  test('the chart draws one bar per client and run, scaled to the ratio', () => {
    const svg: string = ordersChart(results.orders)
    const bars = [...svg.matchAll(/<rect x="330" y="[\d.]+" width="([\d.]+)"/g)].map((m) =>
      Number(m[1]),
    )
    // 3 contenders besides raw undici, at 1 and 16 in flight; max ratio 3 -> 420 px.
    expect(bars).toEqual([420, 151.2, 266, 420, 151.2, 266])
    expect(svg).toContain('1.08x')
  })

  test('the README section between the markers is replaced, the rest kept', () => {
    const readme = 'a\n<!-- bench:begin -->\nold\n<!-- bench:end -->\nb'
    expect(replaceBetween(readme, 'new')).toBe(
      'a\n<!-- bench:begin -->\nnew\n<!-- bench:end -->\nb',
    )
    expect(() => replaceBetween('no markers', 'x')).toThrow('README.md needs')
  })
})
