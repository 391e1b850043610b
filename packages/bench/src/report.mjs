// The bench's report: markdown tables of every measure with its goal, and the prose around them,
// all generated from one run's results (the README section between its markers and
// docs/bench/README.md are this text). The per-order chart is ./chart.mjs.
import { goalCell, goalChecks, goals, kb, mark, ms, percent, x } from './goals.mjs'

export { goals } from './goals.mjs'

const us = (value) => `${value.toFixed(0)} us`
const usFine = (value) => `${value.toFixed(1)} us`
const perSecond = (value) => `${Math.round(value).toLocaleString('en')}/s`
const row = (key, cells) => ({ key, cells })
/**
 * Where a limiter row's share goes: each call counted until it settled (its flight, and the
 * most that leaves), the wake-up past that, and the arrivals counted in the span.
 */
const limiterLoss = (l) =>
  l.flightMs === undefined
    ? ''
    : `; flight ${l.flightMs.toFixed(1)} ms (bound ${percent(l.bound)}), wake-up ${l.lateMs.toFixed(1)} ms late, ${percent(l.counted)} counted in the span`

/**
 * The tables of `results`, each `{ title, head, rows: [{ key, cells }] }`; a section that did not
 * run has none. `key` names the row for the goal checks (./goals.mjs).
 */
export function tables(results) {
  const checks = goalChecks(results)
  const out = []
  const add = (title, head, rows) => rows.length > 0 && out.push({ title, head, rows })
  add(
    'One signed place-order over HTTP to a local server in its own process',
    [
      'in flight',
      'contender',
      'per call it',
      'time per order',
      'x raw Pool.request',
      'x raw undici.request (Agent)',
      'goal',
    ],
    (results.orders ?? []).map((o) =>
      row(`orders:${o.inFlight}:${o.id}`, [
        String(o.inFlight),
        o.name,
        o.does,
        us(o.us),
        x(o.vsPool),
        x(o.vsAgent),
        goalCell(checks, `orders:${o.inFlight}:${o.id}`),
      ]),
    ),
  )
  add(
    'Own CPU per call: one place-order through an in-memory fetch, 1 in flight, each contender in a process of its own with the raw baseline',
    ['contender', 'per call it', 'CPU per call', 'x raw sign + JSON', 'goal'],
    (results.cpu ?? []).map((c) =>
      row(`cpu:${c.id}`, [
        c.name,
        c.does,
        usFine(c.us),
        x(c.vsRaw),
        goalCell(checks, `cpu:${c.id}`),
      ]),
    ),
  )
  add(
    'The private stream, CPU-only checks, the limiter and batches',
    ['measure', 'tradeline', 'baseline (same run)', 'ratio', 'peers', 'goal'],
    [
      ...streamRows(results.stream, checks),
      ...catchUpRows(results.catchUp, checks),
      ...microRows(results),
      ...(results.limiter ?? []).map((l) =>
        row(`limiter:${l.processes}:${l.store}`, [
          `limiter, strict ${l.limit}/${l.windowMs / 1000}s limit over ${l.seconds} s, ${l.processes} process${l.processes > 1 ? 'es' : ''}, ${l.store}`,
          `${percent(l.use)} used`,
          'the limit',
          `${l.responses429} responses of 429, ${l.violations} windows over${limiterLoss(l)}`,
          '',
          goalCell(checks, `limiter:${l.processes}:${l.store}`),
        ]),
      ),
      ...batchRows(results.batches),
    ],
  )
  add(
    'Import in a fresh Node process (median of runs)',
    ['package', 'import', 'goal'],
    Object.entries(results.imports ?? {}).map(([name, time]) =>
      row(`import:${name}`, [name, ms(time), goalCell(checks, `import:${name}`)]),
    ),
  )
  add(
    'Browser bundles, minified, gzipped (level 9, each chunk on its own)',
    [
      'bundle',
      'every chunk loaded at start',
      'lazy chunks (dynamic imports)',
      'budget of `pnpm check` (rolldown, at start)',
      'Node built-ins',
      'goal',
    ],
    (results.sizes ?? []).map((size) =>
      row(`size:${size.key}`, [
        size.name,
        `rolldown ${kb(size.rolldownGz)}, esbuild ${kb(size.esbuildGz)}`,
        `rolldown ${kb(size.rolldownLazyGz)}, esbuild ${kb(size.esbuildLazyGz)}`,
        `${kb(size.budgetGz)}: ${mark(size.rolldownGz <= size.budgetGz)}`,
        size.builtins.length ? size.builtins.join(', ') : 'none',
        goalCell(checks, `size:${size.key}`),
      ]),
    ),
  )
  return out
}

/** Every row of every table (the cells), for checks of one section. */
export function tableRows(results) {
  return tables(results).flatMap((table) => table.rows.map((r) => r.cells))
}

/**
 * The private stream's rows: order pushes per second and push-to-consumer latency of each
 * tradeline contender, as the median of per-round ratios to the raw `ws` baseline of the same
 * round; bitget-api beside them.
 */
export function streamRows(stream, checks = []) {
  if (!stream) return []
  const raw = stream.find((c) => c.id === 'raw')
  const rawUndici = stream.find((c) => c.id === 'rawUndici')
  const peer = stream.find((c) => c.group === 'peer')
  const peerName = peer ? peer.name.split(' ')[0] : ''
  const rounds = `median of ${raw.rounds} rounds of ${raw.pushes.toLocaleString('en')}`
  const latencyRounds = `median of ${raw.latencyRounds} rounds of ${raw.samples.toLocaleString('en')}, 1 per ms`
  const rows = []
  for (const c of stream.filter((c) => c.group === 'tradeline'))
    rows.push(
      row(`stream:${c.id}`, [
        `order pushes per second through one private stream (${rounds}): ${c.name}`,
        perSecond(c.eventsPerSecond),
        `${raw.name} ${perSecond(raw.eventsPerSecond)}${rawUndici ? `; ${rawUndici.name} ${perSecond(rawUndici.eventsPerSecond)}` : ''}`,
        `${x(c.vsRaw)} of raw ws${rawUndici ? `, ${x(c.vsRawUndici)} of raw undici` : ''}`,
        c.id === 'listener' && peer
          ? `${peerName} ${perSecond(peer.eventsPerSecond)}, ${x(peer.vsRaw)} of raw ws`
          : '',
        goalCell(checks, `stream:${c.id}`),
      ]),
    )
  for (const c of stream.filter((c) => c.group === 'tradeline' && c.p50Us !== undefined))
    rows.push(
      row(`latency:${c.id}`, [
        `order push to consumer, p50 / p99 (${latencyRounds}): ${c.name}`,
        `${us(c.p50Us)} / ${us(c.p99Us)}`,
        `${raw.name} ${us(raw.p50Us)} / ${us(raw.p99Us)}`,
        `${x(c.p50VsRaw)} / ${x(c.p99VsRaw)}`,
        c.id === 'listener' && peer
          ? `${peerName} ${us(peer.p50Us)} / ${us(peer.p99Us)}, ${x(peer.p50VsRaw)} / ${x(peer.p99VsRaw)}`
          : '',
        '',
      ]),
    )
  return rows
}

/**
 * The catch-up rows: 300 orders closed in a gap, caught up after the reconnect (time and REST
 * requests, against the former one-lookup-per-order reads of the first round), and a live fill
 * pushed during it.
 */
export function catchUpRows(catchUp, checks = []) {
  if (!catchUp) return []
  return [
    row('catchUp', [
      `catch-up after a gap: ${catchUp.orders} orders closed while down, new connection to the last missed event (median of ${catchUp.rounds} rounds)`,
      `${ms(catchUp.ms)}, ${catchUp.requests} REST requests`,
      `one order-info per closed order (the former catch-up, first round) ${ms(catchUp.lookupsMs)}, ${catchUp.orders} requests`,
      `${catchUp.vsLookups.toPrecision(2)}x of the lookups (first round)`,
      '',
      goalCell(checks, 'catchUp'),
    ]),
    row('liveFill', [
      'a live fill pushed during that catch-up, from the sandbox to the listener',
      ms(catchUp.liveFillMs),
      '',
      '',
      '',
      goalCell(checks, 'liveFill'),
    ]),
  ]
}

/** Signing, validation and the tick/lot check: CPU-only loops against their plain baselines. */
function microRows({ signing, validation, tickAndLot }) {
  const usOf = (ns) => `${(ns / 1000).toFixed(2)} us`
  const micro = (key, measure, m, baseline) =>
    m
      ? [row(key, [measure, usOf(m.ns), `${baseline} ${usOf(m.baselineNs)}`, x(m.ratio), '', ''])]
      : []
  return [
    ...micro('signing', 'sign one POST (prehash + HMAC-SHA256)', signing, 'node:crypto createHmac'),
    ...micro(
      'validation',
      'validate one place-order (schema, rules, instrument, mode)',
      validation,
      'plain valibot safeParse of the schema',
    ),
    ...micro(
      'tickAndLot',
      'tick, step and minimum check of one order',
      tickAndLot,
      'plain decimal.js',
    ),
  ]
}

function batchRows(b) {
  if (!b) return []
  return [
    row('batches', [
      `${b.orders.toLocaleString('en')} orders through place-batch (20 per batch, 5/s)`,
      ms(b.elapsedMs),
      `strict minimum ${ms(b.minimumMs)}`,
      x(b.ratio),
      '',
      `${b.ok} ok, ${b.responses429} refused with 429`,
    ]),
  ]
}

const cell = (text) => String(text).replace(/\|/g, '\\|')

/** One table as markdown. */
export function markdownTable({ head, rows }) {
  return [
    `| ${head.map(cell).join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.cells.map(cell).join(' | ')} |`),
  ].join('\n')
}

/** Which run this is: when, where, on how loaded a machine. */
export function runName(results) {
  const run = results.run
  const when = `${results.date.slice(0, 16).replace('T', ' ')} UTC`
  const where = run
    ? `, ${run.cores} cores, load average ${run.loadBefore.toFixed(1)} before and ${run.loadAfter.toFixed(1)} after, ${Math.round(run.seconds)} s`
    : ''
  return `the run of ${when} (Node ${results.node}${where}${results.quick ? ', quick' : ''})`
}

/** The prose around the tables: the goals met and not met, and the import times, of this run. */
export function summary(results) {
  const checks = goalChecks(results)
  const lines = [`**Goals in ${runName(results)}.**`, '']
  for (const check of checks)
    lines.push(`- ${check.subject}: ${check.measured} (goal ${check.goal}): ${mark(check.met)}`)
  const met = checks.filter((c) => c.met).length
  lines.push('', `${met} of ${checks.length} goals met in this run.`)
  const former = formerCpuBaseline(results)
  if (former !== undefined) lines.push('', former)
  const imports = Object.entries(results.imports ?? {})
  if (imports.length > 0)
    lines.push(
      '',
      `Import in a fresh Node process in this run: ${imports.map(([name, time]) => `${name} ${ms(time)}`).join(', ')}.`,
    )
  return lines.join('\n')
}

/**
 * The in-memory CPU goal against the raw row's former form (one unchanging answer text, the
 * `rawFixed` row), from the same run: unified's ratio to raw over rawFixed's ratio to raw (each
 * contender runs with raw in a process of its own, so the two share no rounds). `undefined`
 * without both rows.
 */
function formerCpuBaseline(results) {
  const row = (id) => results.cpu?.find((c) => c.id === id)
  const unified = row('unified')
  const fixed = row('rawFixed')
  if (unified === undefined || fixed === undefined) return undefined
  const ratio = unified.vsRaw / fixed.vsRaw
  return `The raw row of the in-memory CPU measure parses the answer to its own order, as every client does; against its former form, which parsed one unchanging answer (the rawFixed row, ${x(fixed.vsRaw)} of raw in this run), unified's CPU per call is ${x(ratio)} (${x(unified.vsRaw)} / ${x(fixed.vsRaw)}): ${ratio <= goals.cpuVsRaw ? 'within' : '**over**'} the goal of ${goals.cpuVsRaw}x.`
}

const statistic =
  'Ratios are the median of per-round ratios: contenders run in interleaved rounds (shuffled) of ' +
  "the same run and each round's figure is divided by its baseline's figure in that round; the " +
  "catch-up and the batches run one round, so their ratio is that round's. Times are the " +
  'medians of the rounds. The floor of the per-order rows is the raw `Pool.request` of undici, ' +
  'the dispatcher the tradeline transport sends through.'

/** The whole report: the summary, every table with its title, and the statistic used. */
export function formatReport(results) {
  const parts = [summary(results)]
  for (const table of tables(results)) parts.push(`**${table.title}**`, markdownTable(table))
  parts.push(`${statistic} Measured in ${runName(results)}.`)
  return parts.join('\n\n')
}

const begin = '<!-- bench:begin -->'
const end = '<!-- bench:end -->'

/** `text` with what lies between the bench markers replaced by `table`; throws when a marker is missing. */
export function replaceBetween(text, table) {
  const from = text.indexOf(begin)
  const to = text.indexOf(end)
  if (from === -1 || to === -1 || to < from) throw new Error(`README.md needs ${begin} and ${end}`)
  return `${text.slice(0, from + begin.length)}\n${table}\n${text.slice(to)}`
}
