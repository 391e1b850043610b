// The goals of the bench and their checks against one run's results. One list of checks feeds
// both the table's goal cells and the prose written around the table, so the two cannot disagree:
// each check carries the figure as the table prints it (`measured`) and whether it is met.

/** The goals. Ratios are medians of per-round ratios (./stats.mjs) to a baseline of the same run. */
export const goals = {
  /** unified place-order at 16 in flight, as a ratio of a raw undici `Pool.request`. */
  orderVsPool16: 1.4,
  /** unified place-order at 1 in flight, as a ratio of a raw undici `Pool.request`. */
  orderVsPool1: 1.1,
  /** unified place-order's own CPU per call (in-memory fetch), as a ratio of raw sign + JSON. */
  cpuVsRaw: 2.5,
  /** import of each client package in a fresh Node process. */
  importMs: 15,
  /** createUnifiedClient, every chunk loaded at start, gzipped, with rolldown and esbuild. */
  unifiedClientKb: 30,
  /** createUnifiedClient + createUnifiedStream, likewise. */
  unifiedStreamKb: 36,
  /** the limiter's use of a strict limit, in every run, with 0 responses of 429. */
  limiterUse: 0.995,
  streamVsRaw: 0.7,
  catchUpMs: 2000,
  catchUpRequestsPerPage: 10,
  liveFillMs: 100,
}

/** The client packages whose import time is held to `goals.importMs`. */
export const clientPackages = [
  '@tradeline/unified',
  '@tradeline/classic-futures',
  '@tradeline/securities',
  '@tradeline/savings',
]

export const x = (ratio) => `${ratio.toFixed(2)}x`
export const ms = (value) => `${value.toFixed(1)} ms`
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`
export const percent = (share) => `${(share * 100).toFixed(2)}%`
export const mark = (ok) => (ok ? 'met' : '**not met**')

const unifiedClient = (rows) => rows.find((o) => o.id === 'unified')
/** The peers in the setting tradeline is compared against: each one's fastest documented. */
const comparedPeers = (rows) => rows.filter((o) => o.group === 'peer' && o.compare)

/**
 * Every goal checked against `results`: `{ id, row, subject, measured, goal, met }`. `row`: the
 * key of the table row it belongs to; `measured`: the figure exactly as the table prints it.
 */
export function goalChecks(results) {
  const checks = []
  const add = (check) => checks.push(check)
  for (const inFlight of results.orders ? [1, 16] : []) {
    const at = results.orders.filter((o) => o.inFlight === inFlight)
    const client = unifiedClient(at)
    if (!client) continue
    const goal = inFlight === 1 ? goals.orderVsPool1 : goals.orderVsPool16
    add({
      id: `orders${inFlight}`,
      row: `orders:${inFlight}:unified`,
      subject: `unified place-order, ${inFlight} in flight, x raw Pool.request`,
      measured: x(client.vsPool),
      goal: `<= ${goal}x`,
      met: client.vsPool <= goal,
    })
    const peers = comparedPeers(at)
    const fastest = Math.min(...peers.map((p) => p.vsPool))
    add({
      id: `ordersPeers${inFlight}`,
      row: `orders:${inFlight}:unified`,
      subject: `unified place-order, ${inFlight} in flight, against the peers in their fastest setting`,
      measured: x(client.vsPool),
      goal: `below ${peers.map((p) => `${p.name.split(' ')[0]} ${x(p.vsPool)}`).join(', ')}`,
      met: client.vsPool < fastest,
    })
  }
  const cpu = results.cpu && unifiedClient(results.cpu)
  if (cpu)
    add({
      id: 'cpu',
      row: 'cpu:unified',
      subject: 'unified place-order, CPU per call in memory, x raw sign + JSON',
      measured: x(cpu.vsRaw),
      goal: `<= ${goals.cpuVsRaw}x`,
      met: cpu.vsRaw <= goals.cpuVsRaw,
    })
  for (const name of clientPackages) {
    const time = results.imports?.[name]
    if (time === undefined) continue
    add({
      id: `import:${name}`,
      row: `import:${name}`,
      subject: `import ${name}, fresh process`,
      measured: ms(time),
      goal: `<= ${goals.importMs} ms`,
      met: time <= goals.importMs,
    })
  }
  for (const size of results.sizes ?? []) {
    const goalKb = { unifiedClient: goals.unifiedClientKb, unifiedStream: goals.unifiedStreamKb }[
      size.key
    ]
    if (goalKb === undefined) continue
    const largest = Math.max(size.rolldownGz, size.esbuildGz)
    add({
      id: `size:${size.key}`,
      row: `size:${size.key}`,
      subject: `browser, ${size.name.replace(/^unified: /, '')}, every chunk loaded at start, gzipped`,
      measured: `rolldown ${kb(size.rolldownGz)}, esbuild ${kb(size.esbuildGz)}`,
      goal: `<= ${goalKb} kB with both`,
      met: largest <= goalKb * 1024,
    })
  }
  for (const l of results.limiter ?? [])
    add({
      id: `limiter:${l.processes}:${l.store}`,
      row: `limiter:${l.processes}:${l.store}`,
      subject: `limiter, strict ${l.limit}/s over ${l.seconds} s, ${l.processes} process${l.processes > 1 ? 'es' : ''}, ${l.store}`,
      measured: `${percent(l.use)} used`,
      goal: `>= ${goals.limiterUse * 100}%, 0 responses of 429, 0 windows over`,
      met: l.use >= goals.limiterUse && l.responses429 === 0 && l.violations === 0,
    })
  checks.push(...streamChecks(results))
  return checks
}

/** The private stream's checks: pushes per second of raw ws, above bitget-api; the catch-up. */
function streamChecks({ stream, catchUp }) {
  const checks = []
  const peer = stream?.find((c) => c.group === 'peer')
  for (const c of stream ?? []) {
    if (c.id !== 'listener' && c.id !== 'iterator') continue
    checks.push({
      id: `stream:${c.id}`,
      row: `stream:${c.id}`,
      subject: `order pushes per second, ${c.name}, x raw ws`,
      measured: x(c.vsRaw),
      goal: `>= ${goals.streamVsRaw}x${peer ? ` and above ${peer.name.split(' ')[0]} ${x(peer.vsRaw)}` : ''}`,
      met: c.vsRaw >= goals.streamVsRaw && (peer === undefined || c.vsRaw > peer.vsRaw),
    })
  }
  if (catchUp) {
    const pages = Math.ceil(catchUp.orders / 100)
    checks.push(
      {
        id: 'catchUp',
        row: 'catchUp',
        subject: `catch-up of ${catchUp.orders} orders closed in a gap`,
        measured: `${ms(catchUp.ms)}, ${catchUp.requests} REST requests`,
        goal: `<= ${goals.catchUpMs / 1000} s and <= ${goals.catchUpRequestsPerPage} requests a page of 100`,
        met:
          catchUp.ms <= goals.catchUpMs && catchUp.requests <= goals.catchUpRequestsPerPage * pages,
      },
      {
        id: 'liveFill',
        row: 'liveFill',
        subject: 'a live fill pushed during that catch-up',
        measured: ms(catchUp.liveFillMs),
        goal: `<= ${goals.liveFillMs} ms`,
        met: catchUp.liveFillMs <= goals.liveFillMs,
      },
    )
  }
  return checks
}

/** The goal cell of the table row `row`: every check of it, its goal and whether it is met. */
export function goalCell(checks, row) {
  return checks
    .filter((check) => check.row === row)
    .map((check) => `${check.goal}: ${mark(check.met)}`)
    .join('; ')
}
