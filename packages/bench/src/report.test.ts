import { describe, expect, test } from 'vitest'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { ordersChart } from './chart.mjs'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { goalChecks } from './goals.mjs'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { formatReport, replaceBetween, summary, tableRows, tables } from './report.mjs'
// @ts-expect-error: a plain ES module of the bench, without declarations
import { median, medianOfRatios, summarize } from './stats.mjs'

type Row = { key: string; cells: string[] }
type Table = { title: string; head: string[]; rows: Row[] }
type Check = {
  id: string
  row: string
  subject: string
  measured: string
  goal: string
  met: boolean
}

const order = (
  id: string,
  name: string,
  group: string,
  inFlight: number,
  vsPool: number,
  extra: object = {},
) => ({
  id,
  name,
  group,
  does: `what ${id} does`,
  inFlight,
  rounds: 9,
  us: 60 * vsPool,
  vsPool,
  vsAgent: vsPool / 1.4,
  vsFetch: vsPool / 5,
  compare: false,
  ...extra,
})
const cpu = (id: string, name: string, group: string, vsRaw: number, extra: object = {}) => ({
  id,
  name,
  group,
  does: `what ${id} does in memory`,
  rounds: 9,
  us: 9 * vsRaw,
  rawUs: 9,
  vsRaw,
  compare: false,
  ...extra,
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
const size = (key: string, name: string, rolldownGz: number, esbuildGz: number) => ({
  key,
  name,
  rolldownGz,
  rolldownLazyGz: 614,
  esbuildGz,
  esbuildLazyGz: 602,
  budgetGz: 42 * 1024,
  builtins: [],
})
const limiter = (processes: number, store: string, use: number) => ({
  processes,
  store,
  limit: 10,
  windowMs: 1000,
  seconds: 30,
  use,
  responses429: 0,
  violations: 0,
})
const results = {
  date: '2026-11-23T06:40:00.000Z',
  node: 'v20.20.0',
  quick: false,
  run: { cores: 2, loadBefore: 0.4, loadAfter: 1.9, seconds: 480 },
  orders: [1, 16].flatMap((n) => [
    order('pool', 'raw undici Pool.request (signed)', 'baseline', n, 1),
    order('agent', 'raw undici.request, Agent (signed)', 'baseline', n, 1.4),
    // Within 1.4x of the Agent row, not of the pool: the goal is held against the pool.
    order(
      'unified',
      'tradeline unified client.orders.place',
      'tradeline',
      n,
      n === 1 ? 1.05 : 1.81,
    ),
    order('bitget', 'bitget-api 3.2.3 submitNewOrder (default)', 'peer', n, 6),
    // The tuned peer is faster than the client at 16 in flight, the default one is not.
    order('bitgetTuned', 'bitget-api 3.2.3 submitNewOrder (tuned)', 'peer', n, 1.7, {
      compare: true,
    }),
    order('ccxt', 'ccxt 4.5.84 createOrder (uta)', 'peer', n, 2.9, { compare: true }),
  ]),
  cpu: [
    cpu('raw', 'raw sign + JSON.stringify + JSON.parse', 'baseline', 1),
    cpu('unified', 'tradeline unified client.orders.place', 'tradeline', 5.3),
    cpu('callEndpoint', 'tradeline core callEndpoint', 'tradeline', 1.85),
    cpu('bitgetTuned', 'bitget-api tuned', 'peer', 8.6, { compare: true }),
  ],
  stream: [
    stream('raw', 'raw ws + JSON.parse', 'baseline', 1, 1),
    stream('rawUndici', 'raw undici WebSocket + JSON.parse', 'baseline', 0.9, 1.1),
    stream('listener', "unified stream.on('order')", 'tradeline', 0.8, 1.5),
    stream('iterator', 'unified for await (stream.orders())', 'tradeline', 0.6, 1.7),
    stream('bitget', 'bitget-api 3.2.3 WebsocketClientV3', 'peer', 0.75, 1.2),
  ],
  catchUp: {
    orders: 300,
    rounds: 7,
    ms: 31.9,
    requests: 10,
    liveFillMs: 25,
    lookupsMs: 14956,
    vsLookups: 0.0021,
  },
  signing: { ns: 2000, baselineNs: 1900, ratio: 1.05 },
  validation: { ns: 9000, baselineNs: 6000, ratio: 1.5 },
  tickAndLot: { ns: 500, baselineNs: 2000, ratio: 0.25 },
  limiter: [limiter(1, 'memory', 0.996), limiter(4, 'redis', 0.9933)],
  batches: {
    orders: 1000,
    ok: 1000,
    responses429: 0,
    elapsedMs: 9900,
    minimumMs: 9050,
    ratio: 1.09,
  },
  imports: {
    '@tradeline/unified': 27.8,
    '@tradeline/classic-futures': 14.2,
    '@tradeline/core': 12,
    'bitget-api': 119.3,
    ccxt: 469.2,
  },
  sizes: [
    size('unifiedPlaceOrder', 'unified: createUnifiedBaseClient + placeOrder', 27964, 37606),
    size('unifiedClient', 'unified: createUnifiedClient (every method)', 42929, 49604),
    size('unifiedStream', 'unified: createUnifiedClient + createUnifiedStream', 30000, 36000),
  ],
}

describe('the one statistic: the median of per-round ratios', () => {
  // Three interleaved rounds; the contender's slow round falls on the baseline's slow round.
  const baseline = [100, 100, 400]
  const contender = [100, 300, 200]

  test('differs from the ratio of the medians, and is the one the rows carry', () => {
    expect(medianOfRatios(contender, baseline)).toBe(1) // ratios 1, 3, 0.5
    expect(median(contender) / median(baseline)).toBe(2) // 200 / 100
    const times = new Map([
      ['pool', baseline],
      ['unified', contender],
    ])
    const list = [
      { id: 'pool', name: 'pool', group: 'baseline', does: '' },
      { id: 'unified', name: 'unified', group: 'tradeline', does: '' },
    ]
    const [pool, unified] = summarize(list, times, { vsPool: 'pool' })
    expect(pool.vsPool).toBe(1)
    expect(unified).toMatchObject({ us: 200, vsPool: 1, rounds: 3 })
  })

  test('an even count takes the mean of the middle two; rounds must pair up', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(() => medianOfRatios([1, 2], [1])).toThrow('2 rounds against 1')
    expect(() => median([])).toThrow('no values')
  })

  test('the report says which statistic its ratios are', () => {
    expect(formatReport(results)).toContain('Ratios are the median of per-round ratios')
  })
})

const allTables: Table[] = tables(results)
const byKey = (key: string) => allTables.flatMap((t) => t.rows).find((r) => r.key === key) as Row

describe('the goals, against the raw pool', () => {
  test('each goal says met or not met from the numbers', () => {
    const checks: Check[] = goalChecks(results)
    expect(checks.map((c) => [c.id, c.measured, c.met])).toEqual([
      ['orders1', '1.05x', true],
      ['ordersPeers1', '1.05x', true],
      ['orders16', '1.81x', false],
      // faster than the default bitget-api (6x), slower than the tuned one (1.7x): not met
      ['ordersPeers16', '1.81x', false],
      ['cpu', '5.30x', false],
      ['import:@tradeline/unified', '27.8 ms', false],
      ['import:@tradeline/classic-futures', '14.2 ms', true],
      ['size:unifiedClient', 'rolldown 41.9 kB, esbuild 48.4 kB', false],
      ['size:unifiedStream', 'rolldown 29.3 kB, esbuild 35.2 kB', true],
      ['limiter:1:memory', '99.60% used', true],
      ['limiter:4:redis', '99.33% used', false],
      ['stream:listener', '0.80x', true],
      ['stream:iterator', '0.60x', false],
      ['catchUp', '31.9 ms, 10 REST requests', true],
      ['liveFill', '25.0 ms', true],
    ])
    expect(checks.find((c) => c.id === 'ordersPeers16')?.goal).toBe(
      'below bitget-api 1.70x, ccxt 2.90x',
    )
  })

  test('the per-order rows: every contender with what it does per call, its ratio to the pool and to the Agent', () => {
    const row = byKey('orders:16:unified')
    expect(row.cells).toEqual([
      '16',
      'tradeline unified client.orders.place',
      'what unified does',
      '109 us',
      '1.81x',
      '1.29x',
      '<= 1.4x: **not met**; below bitget-api 1.70x, ccxt 2.90x: **not met**',
    ])
    expect(byKey('orders:16:pool').cells[4]).toBe('1.00x')
    for (const key of ['orders:1:bitget', 'orders:1:agent', 'cpu:raw', 'cpu:bitgetTuned'])
      expect(byKey(key).cells.find((c) => c.startsWith('what '))).toBeTruthy()
  })

  test('the CPU rows: the client against raw sign + JSON in memory', () => {
    expect(byKey('cpu:unified').cells).toEqual([
      'tradeline unified client.orders.place',
      'what unified does in memory',
      '47.7 us',
      '5.30x',
      '<= 2.5x: **not met**',
    ])
  })

  test('the size rows: every chunk loaded at start, the lazy ones apart', () => {
    expect(byKey('size:unifiedClient').cells).toEqual([
      'unified: createUnifiedClient (every method)',
      'rolldown 41.9 kB, esbuild 48.4 kB',
      'rolldown 0.6 kB, esbuild 0.6 kB',
      '42.0 kB: met',
      'none',
      '<= 30 kB with both: **not met**',
    ])
  })

  test('a limiter row says where its share goes: the flight and its bound, the wake-up, the count of the span', () => {
    const l = {
      ...limiter(1, 'redis', 0.9848),
      counted: 0.98,
      flightMs: 6.84,
      bound: 0.9932,
      lateMs: 11.87,
    }
    const row = (tables({ ...results, limiter: [l] }) as Table[])
      .flatMap((t) => t.rows)
      .find((r) => r.key === 'limiter:1:redis')
    expect(row?.cells[1]).toBe('98.48% used')
    expect(row?.cells[3]).toBe(
      '0 responses of 429, 0 windows over; flight 6.8 ms (bound 99.32%), wake-up 11.9 ms late, 98.00% counted in the span',
    )
  })

  test('one section: only its tables', () => {
    const only = tables({ date: results.date, node: results.node, stream: results.stream })
    expect(only).toHaveLength(1)
    expect(
      tableRows({ date: results.date, node: results.node, stream: results.stream }),
    ).toHaveLength(4)
  })
})

describe('the prose is generated from the same numbers as the tables', () => {
  const prose: string = summary(results)

  test("the CPU goal against the raw row's former form (rawFixed) is said from the same run, within or over", () => {
    expect(prose).not.toContain('rawFixed')
    const withFixed = (fixed: number) => ({
      ...results,
      cpu: [...results.cpu, cpu('rawFixed', 'raw, one unchanging answer', 'baseline', fixed)],
    })
    // unified 5.3x raw; raw's former form 0.8x raw: 6.62x of it, over.
    expect(summary(withFixed(0.8))).toContain(
      "unified's CPU per call is 6.62x (5.30x / 0.80x): **over** the goal of 2.5x.",
    )
    expect(summary(withFixed(2.2))).toContain(
      "unified's CPU per call is 2.41x (5.30x / 2.20x): within the goal of 2.5x.",
    )
  })

  test('every goal line of the prose quotes the figure and the verdict of its table row', () => {
    const lines = prose.split('\n').filter((l) => l.startsWith('- '))
    const checks: Check[] = goalChecks(results)
    expect(lines).toHaveLength(checks.length)
    for (const [i, check] of checks.entries()) {
      const line = lines[i] as string
      const verdict = check.met ? 'met' : '**not met**'
      expect(line).toBe(`- ${check.subject}: ${check.measured} (goal ${check.goal}): ${verdict}`)
      // The table row of the check prints the same figure and the same verdict.
      const cells = byKey(check.row).cells
      expect(
        cells.some((c) => c === check.measured || c.startsWith(`${check.measured} `)),
        check.id,
      ).toBe(true)
      expect(cells[cells.length - 1], check.id).toContain(`${check.goal}: ${verdict}`)
    }
  })

  test('the import times quoted are those of the import table', () => {
    const quoted = /Import in a fresh Node process in this run: (.*)\./.exec(prose)?.[1] ?? ''
    const pairs = quoted.split(', ').map((p) => /^(.+) ([\d.]+ ms)$/.exec(p)?.slice(1))
    expect(pairs).toHaveLength(5)
    for (const [name, time] of pairs as string[][])
      expect(byKey(`import:${name}`).cells[1]).toBe(time)
  })

  test('a number changed in the results changes the prose and the table alike', () => {
    const worse = {
      ...results,
      limiter: [limiter(1, 'memory', 0.996), limiter(4, 'redis', 0.9967)],
    }
    expect(summary(worse)).toContain('99.67% used (goal >= 99.5%')
    expect(summary(worse)).not.toContain('99.33%')
    expect(tableRows(worse).flat()).toContain('99.67% used')
  })

  test('the prose names its run: date, Node, cores, load, duration', () => {
    expect(prose).toContain(
      'the run of 2026-11-23 06:40 UTC (Node v20.20.0, 2 cores, load average 0.4 before and 1.9 after, 480 s)',
    )
    expect(prose).toContain('8 of 15 goals met in this run.')
  })
})

describe('the report around the tables', () => {
  test('every table has one header and one line per row, pipes escaped', () => {
    const report: string = formatReport(results)
    const lines = report.split('\n').filter((l) => l.startsWith('|'))
    const heads = allTables.length * 2
    expect(lines.length).toBe(heads + allTables.reduce((n, t) => n + t.rows.length, 0))
    expect(report).toContain('Measured in the run of 2026-11-23 06:40 UTC')
  })

  test('the chart draws one bar per client and run, scaled to the ratio of the pool', () => {
    const svg: string = ordersChart(results.orders)
    const bars = [...svg.matchAll(/<rect x="330" y="[\d.]+" width="([\d.]+)"/g)].map((m) =>
      Number(m[1]),
    )
    // 5 contenders besides the pool, at 1 and 16 in flight; max ratio 6 -> 420 px.
    expect(bars).toHaveLength(10)
    expect(bars.slice(0, 5)).toEqual([98, 73.5, 420, 119, 203])
    expect(svg).toContain('1.81x')
    expect(svg).toContain('ratio of a raw undici Pool.request')
  })

  test('the README section between the markers is replaced, the rest kept', () => {
    const readme = 'a\n<!-- bench:begin -->\nold\n<!-- bench:end -->\nb'
    expect(replaceBetween(readme, 'new')).toBe(
      'a\n<!-- bench:begin -->\nnew\n<!-- bench:end -->\nb',
    )
    expect(() => replaceBetween('no markers', 'x')).toThrow('README.md needs')
  })
})
