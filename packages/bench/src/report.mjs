// The bench's report: one markdown table of every measure with its goal, the per-order chart as
// an SVG, and the README section between its markers.

/** The goals of the size goals, by row. */
export const goals = {
  orderVsUndici: 1.1,
  limiterUse: 0.995,
  unifiedPlaceOrderKb: 30,
  unifiedWholeKb: 35,
  rulesWholeKb: 30,
  streamVsRaw: 0.7,
  catchUpMs: 2000,
  catchUpRequestsPerPage: 10,
  liveFillMs: 100,
}

const x = (ratio) => `${ratio.toFixed(2)}x`
const us = (value) => `${value.toFixed(0)} us`
const ms = (value) => `${value.toFixed(1)} ms`
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`
const perSecond = (value) => `${Math.round(value).toLocaleString('en')}/s`
const mark = (ok) => (ok ? 'met' : '**not met**')

/** The rows of the table: `[measure, tradeline, baseline, ratio, peers, goal]`. */
export function tableRows(results) {
  const rows = []
  for (const inFlight of results.orders ? [1, 16] : []) {
    const at = results.orders.filter((o) => o.inFlight === inFlight)
    const find = (prefix) => at.find((o) => o.name.startsWith(prefix))
    const undici = find('raw undici')
    const fetch = find('raw fetch')
    const pool = find('raw undici Pool')
    const peers = at.filter((o) => o.group === 'peer')
    const peerText = (key) => peers.map((p) => `${p.name.split(' ')[0]} ${x(p[key])}`).join(', ')
    const client = find('tradeline unified client')
    const fastestPeer = Math.min(...peers.map((p) => p.vsUndici))
    for (const o of at.filter((c) => c.group === 'tradeline')) {
      const isClient = o === client
      rows.push([
        `place-order, ${inFlight} in flight: ${o.name.replace(/^tradeline /, '')}`,
        us(o.us),
        `raw undici.request ${us(undici.us)}; raw fetch ${us(fetch.us)}${pool ? `; raw undici Pool.request ${us(pool.us)}` : ''}`,
        `${x(o.vsUndici)} of undici, ${x(o.vsFetch)} of fetch${pool ? `, ${x(o.us / pool.us)} of a raw pool` : ''}`,
        isClient ? `${peerText('vsUndici')} (of undici)` : '',
        isClient
          ? `<= ${goals.orderVsUndici}x of undici and faster than ccxt: ${mark(o.vsUndici <= goals.orderVsUndici)}, ${mark(o.vsUndici < fastestPeer)}`
          : '',
      ])
    }
  }
  rows.push(...streamRows(results.stream))
  rows.push(...catchUpRows(results.catchUp))
  const s = results.signing
  if (s)
    rows.push([
      'sign one POST (prehash + HMAC-SHA256)',
      `${(s.ns / 1000).toFixed(2)} us`,
      `node:crypto createHmac ${(s.baselineNs / 1000).toFixed(2)} us`,
      x(s.ratio),
      '',
      '',
    ])
  const val = results.validation
  if (val)
    rows.push([
      'validate one place-order (schema, rules, instrument, mode)',
      `${(val.ns / 1000).toFixed(2)} us`,
      `plain valibot safeParse of the schema ${(val.baselineNs / 1000).toFixed(2)} us`,
      x(val.ratio),
      '',
      '',
    ])
  const t = results.tickAndLot
  if (t)
    rows.push([
      'tick, step and minimum check of one order',
      `${(t.ns / 1000).toFixed(2)} us`,
      `plain decimal.js ${(t.baselineNs / 1000).toFixed(2)} us`,
      x(t.ratio),
      '',
      '',
    ])
  for (const l of results.limiter ?? []) {
    rows.push([
      `limiter, strict ${l.limit}/${l.windowMs / 1000}s limit over ${l.seconds} s, ${l.processes} process${l.processes > 1 ? 'es' : ''}, ${l.store}`,
      `${(l.use * 100).toFixed(2)}% used`,
      'the limit',
      `${l.responses429} responses of 429, ${l.violations} windows over`,
      '',
      `>= ${goals.limiterUse * 100}%, 0, 0: ${mark(l.use >= goals.limiterUse && l.responses429 === 0 && l.violations === 0)}`,
    ])
  }
  const b = results.batches
  if (b)
    rows.push([
      `${b.orders.toLocaleString('en')} orders through place-batch (20 per batch, 5/s)`,
      ms(b.elapsedMs),
      `strict minimum ${ms(b.minimumMs)}`,
      x(b.ratio),
      '',
      `${b.ok} ok, ${b.responses429} refused with 429`,
    ])
  const imports = results.imports
  for (const name of imports ? ['@tradeline/unified', '@tradeline/core', '@tradeline/rules'] : [])
    rows.push([
      `import ${name} (fresh process)`,
      ms(imports[name]),
      '',
      '',
      name === '@tradeline/unified'
        ? `bitget-api ${ms(imports['bitget-api'])}, ccxt ${ms(imports.ccxt)}`
        : '',
      '',
    ])
  for (const size of results.sizes ?? []) {
    const within = (bytes) => bytes <= size.budgetGz
    rows.push([
      `browser bundle, gzipped: ${size.name}`,
      `rolldown ${kb(size.rolldownGz)}, esbuild ${kb(size.esbuildGz)}`,
      '',
      '',
      size.builtins.length ? `Node built-ins: ${size.builtins.join(', ')}` : 'no Node built-ins',
      `<= ${kb(size.budgetGz)}: rolldown ${mark(within(size.rolldownGz))}, esbuild ${mark(within(size.esbuildGz))}`,
    ])
  }
  return rows
}

/**
 * The private stream's rows: order pushes per second and push-to-consumer latency of each
 * tradeline contender, as the median of per-round ratios to the raw `ws` baseline of the same
 * round; bitget-api beside them.
 */
export function streamRows(stream) {
  if (!stream) return []
  const raw = stream.find((c) => c.id === 'raw')
  const rawUndici = stream.find((c) => c.id === 'rawUndici')
  const peer = stream.find((c) => c.group === 'peer')
  const peerName = peer ? peer.name.split(' ')[0] : ''
  const rounds = `median of ${raw.rounds} rounds of ${raw.pushes.toLocaleString('en')}`
  const latencyRounds = `median of ${raw.latencyRounds} rounds of ${raw.samples.toLocaleString('en')}, 1 per ms`
  const rows = []
  const goalFor = (c) =>
    c.id === 'listener' || c.id === 'iterator'
      ? `>= ${goals.streamVsRaw}x of raw ws and above ${peerName}: ${mark(c.vsRaw >= goals.streamVsRaw)}, ${mark(peer === undefined || c.vsRaw > peer.vsRaw)}`
      : ''
  for (const c of stream.filter((c) => c.group === 'tradeline'))
    rows.push([
      `order pushes per second through one private stream (${rounds}): ${c.name}`,
      perSecond(c.eventsPerSecond),
      `${raw.name} ${perSecond(raw.eventsPerSecond)}${rawUndici ? `; ${rawUndici.name} ${perSecond(rawUndici.eventsPerSecond)}` : ''}`,
      `${x(c.vsRaw)} of raw ws${rawUndici ? `, ${x(c.vsRawUndici)} of raw undici` : ''}`,
      c.id === 'listener' && peer
        ? `${peerName} ${perSecond(peer.eventsPerSecond)}, ${x(peer.vsRaw)} of raw ws`
        : '',
      goalFor(c),
    ])
  for (const c of stream.filter((c) => c.group === 'tradeline' && c.p50Us !== undefined))
    rows.push([
      `order push to consumer, p50 / p99 (${latencyRounds}): ${c.name}`,
      `${us(c.p50Us)} / ${us(c.p99Us)}`,
      `${raw.name} ${us(raw.p50Us)} / ${us(raw.p99Us)}`,
      `${x(c.p50VsRaw)} / ${x(c.p99VsRaw)}`,
      c.id === 'listener' && peer
        ? `${peerName} ${us(peer.p50Us)} / ${us(peer.p99Us)}, ${x(peer.p50VsRaw)} / ${x(peer.p99VsRaw)}`
        : '',
      '',
    ])
  return rows
}

/**
 * The catch-up rows: 300 orders closed in a gap, caught up after the reconnect (time and REST
 * requests, against the former one-lookup-per-order reads in the same round), and a live fill
 * pushed during it.
 */
export function catchUpRows(catchUp) {
  if (!catchUp) return []
  const pages = Math.ceil(catchUp.orders / 100)
  return [
    [
      `catch-up after a gap: ${catchUp.orders} orders closed while down, new connection to the last missed event (median of ${catchUp.rounds} rounds)`,
      `${ms(catchUp.ms)}, ${catchUp.requests} REST requests`,
      `one order-info per closed order (the former catch-up, first round) ${ms(catchUp.lookupsMs)}, ${catchUp.orders} requests`,
      `${catchUp.vsLookups.toPrecision(2)}x of the lookups`,
      '',
      `<= ${goals.catchUpMs / 1000} s and <= ${goals.catchUpRequestsPerPage} requests a page of 100: ${mark(catchUp.ms <= goals.catchUpMs)}, ${mark(catchUp.requests <= goals.catchUpRequestsPerPage * pages)}`,
    ],
    [
      'a live fill pushed during that catch-up, from the sandbox to the listener',
      ms(catchUp.liveFillMs),
      '',
      '',
      '',
      `<= ${goals.liveFillMs} ms: ${mark(catchUp.liveFillMs <= goals.liveFillMs)}`,
    ],
  ]
}

/** The markdown table. */
export function formatTable(results) {
  const head = ['measure', 'tradeline', 'baseline (same run)', 'ratio', 'peers', 'goal']
  const lines = [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...tableRows(results).map(
      (row) => `| ${row.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`,
    ),
  ]
  const note = `Measured ${results.date.slice(0, 10)} on Node ${results.node}${results.quick ? ' (quick run)' : ''}.`
  return `${lines.join('\n')}\n\n${note}`
}

const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A horizontal bar chart of each client's time per order as a ratio of raw undici.request. */
export function ordersChart(orders) {
  const rows = orders.filter((o) => !o.name.startsWith('raw undici.request'))
  const max = Math.max(2, ...rows.map((o) => o.vsUndici))
  const labelWidth = 330
  const barWidth = 420
  const rowHeight = 22
  const top = 40
  const height = top + rows.length * rowHeight + 40
  const scale = (ratio) => (Math.min(ratio, max) / max) * barWidth
  const colors = { baseline: '#9aa5b1', tradeline: '#2f6fde', peer: '#d9822b' }
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + barWidth + 80}" height="${height}" font-family="sans-serif" font-size="12">`,
    '<title>One signed place-order per client, as a ratio of raw undici.request</title>',
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">One signed place-order, time as a ratio of raw undici.request (1.00x); lower is faster</text>`,
  ]
  rows.forEach((o, i) => {
    const y = top + i * rowHeight
    const w = scale(o.vsUndici)
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + 14}" text-anchor="end">${xml(`${o.name} (${o.inFlight} in flight)`)}</text>`,
      `<rect x="${labelWidth}" y="${y + 3}" width="${w.toFixed(1)}" height="${rowHeight - 6}" fill="${colors[o.group]}"/>`,
      `<text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 14}">${o.vsUndici.toFixed(2)}x${o.vsUndici > max ? ' (cut)' : ''}</text>`,
    )
  })
  const one = labelWidth + scale(1)
  parts.push(
    `<line x1="${one.toFixed(1)}" y1="${top - 4}" x2="${one.toFixed(1)}" y2="${height - 30}" stroke="#333" stroke-dasharray="4 3"/>`,
    `<text x="${one.toFixed(1)}" y="${height - 16}" text-anchor="middle">1.00x</text>`,
    '</svg>',
  )
  return `${parts.join('\n')}\n`
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
