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
const stream = (id: string, name: string, group: string, vsRaw: number, latency: number) => ({
  id,
  name,
  group,
  pushes: 20000,
  rounds: 5,
  samples: 1000,
  latencyRounds: 3,
  eventsPerSecond: 200000 * vsRaw,
  vsRaw,
  vsRawUndici: vsRaw / 0.9,
  p50Us: 70 * latency,
  p99Us: 700 * latency,
  p50VsRaw: latency,
  p99VsRaw: latency,
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
  stream: [
    stream('raw', 'raw ws + JSON.parse', 'baseline', 1, 1),
    stream('rawUndici', 'raw undici WebSocket + JSON.parse', 'baseline', 0.9, 1.1),
    stream('listener', "unified stream.on('order')", 'tradeline', 0.8, 1.5),
    stream('iterator', 'unified for await (stream.orders())', 'tradeline', 0.6, 1.7),
    stream('bitget', 'bitget-api 3.2.3 WebsocketClientV3', 'peer', 0.75, 1.2),
  ],
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
  test('each goal row says met or not met from the numbers', () => {
    const goalsOf = tableRows(results)
      .map((row: string[]) => row[5])
      .filter(Boolean)
    expect(goalsOf).toEqual([
      '<= 1.1x of undici and faster than ccxt: met, met',
      '<= 1.1x of undici and faster than ccxt: met, met',
      '>= 0.7x of raw ws and above bitget-api: met, met',
      '>= 0.7x of raw ws and above bitget-api: **not met**, **not met**',
      '>= 99.5%, 0, 0: met',
      '>= 99.5%, 0, 0: **not met**',
      '1000 ok, 0 refused with 429',
      '<= 30.0 kB: rolldown met, esbuild **not met**',
    ])
  })

  test('the stream rows: per second and latency of each tradeline contender, ratios of raw ws', () => {
    const rows: string[][] = tableRows(results).filter((row: string[]) =>
      row[0]?.includes('unified stream.on'),
    )
    expect(rows).toEqual([
      [
        "order pushes per second through one private stream (median of 5 rounds of 20,000): unified stream.on('order')",
        '160,000/s',
        'raw ws + JSON.parse 200,000/s; raw undici WebSocket + JSON.parse 180,000/s',
        '0.80x of raw ws, 0.89x of raw undici',
        'bitget-api 150,000/s, 0.75x of raw ws',
        '>= 0.7x of raw ws and above bitget-api: met, met',
      ],
      [
        "order push to consumer, p50 / p99 (median of 3 rounds of 1,000, 1 per ms): unified stream.on('order')",
        '105 us / 1050 us',
        'raw ws + JSON.parse 70 us / 700 us',
        '1.50x / 1.50x',
        'bitget-api 84 us / 840 us, 1.20x / 1.20x',
        '',
      ],
    ])
  })

  test('one section: only its rows', () => {
    expect(
      tableRows({ date: results.date, node: results.node, stream: results.stream }),
    ).toHaveLength(4)
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
