/**
 * The private stream during the session: opened before the order steps so their order and fill
 * events arrive live (printed as they come), then a dropped connection during which the sandbox
 * fills and cancels orders: after the reconnect each missed event arrives once, in order.
 */
import { createUnifiedStream, type UnifiedStream } from '@tradeline/unified'
import { ensure, type Session, short } from '../context.js'

/** What the stream saw, in order: `order <id> <status>` and `fill <id> <qty>` lines. */
export type StreamLog = {
  readonly stream: UnifiedStream
  readonly lines: string[]
}

const futures = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' } as const

/**
 * Opens the stream of the session's client and prints every order and fill event through `print`.
 *
 * @example
 * import { openStream } from './steps/stream.js'
 * const log = await openStream(session, console.log)
 */
export async function openStream(
  session: Session,
  print: (line: string) => void,
): Promise<StreamLog> {
  const { client, sandbox } = session
  const stream = createUnifiedStream(client, { credentials: sandbox.credentials })
  const lines: string[] = []
  const note = (line: string, how: string) => {
    lines.push(line)
    print(`${how === 'replay' ? 'replayed' : 'live'}  ${line}`)
  }
  stream.on('order', (o, meta) =>
    note(`order ${short(o.orderId)} ${o.orderStatus} ${o.cumExecQty}/${o.qty}`, meta.action),
  )
  stream.on('fill', (f, meta) =>
    note(`fill  ${short(f.orderId)} ${f.execQty} @ ${f.execPrice}`, meta.action),
  )
  await session.step("createUnifiedStream(client).on('order' | 'fill')", async () => {
    await stream.ready()
    ensure(stream.state === 'ready', 'the stream to be logged in and subscribed')
    return 'logged in (HMAC of timestamp + GET /user/verify), subscribed to order and fill; each event prints under the step it followed'
  })
  return { stream, lines }
}

/**
 * Shows the events the order steps produced, then drops the connection and changes orders
 * while it is down.
 *
 * @example
 * import { streamGap } from './steps/stream.js'
 * await streamGap(session, log)
 */
export async function streamGap(session: Session, log: StreamLog): Promise<void> {
  const { client, sandbox } = session
  const { stream, lines } = log
  await session.step('stream events of the order steps', async () => {
    await waitFor(() => lines.length >= 4, 'the order events')
    const orders = lines.filter((l) => l.startsWith('order')).length
    return `${orders} order events (placed, modified, cancelled, placed): ${lines
      .slice(0, 4)
      .map((l) => l.split(' ').slice(2, 3))
      .join(' → ')}`
  })

  await session.step(
    'stream: a live fill; dropped; a fill, a partial fill and a cancel while down',
    async () => {
      const a = await client.orders.place({
        ...futures,
        side: 'buy',
        orderType: 'limit',
        qty: '0.01',
        price: '61000.0',
      })
      const b = await client.orders.place({
        ...futures,
        side: 'buy',
        orderType: 'limit',
        qty: '0.02',
        price: '60900.0',
      })
      // A live fill first: a fills 0.004 of 0.01 while connected.
      sandbox.admin.fill(a.orderId, '0.004')
      await waitFor(
        () => lines.some((l) => l.startsWith(`order ${short(a.orderId)} partially`)),
        'the live fill',
      )
      await waitFor(
        () => lines.filter((l) => l.includes(short(b.orderId))).length >= 1,
        'the live events',
      )
      const before = lines.length
      const downs: string[] = []
      const off = stream.on('connection', (e) => {
        if (e.type === 'down') downs.push(e.reason)
      })
      sandbox.admin.ws.refuse(true)
      sandbox.admin.ws.drop()
      await waitFor(() => downs.length > 0, 'the drop to be seen')
      sandbox.admin.fill(a.orderId)
      sandbox.admin.fill(b.orderId, '0.01')
      await client.orders.cancel({ orderId: b.orderId, category: futures.category })
      sandbox.admin.ws.refuse(false)
      await waitFor(() => lines.length >= before + 4, 'the missed events')
      await new Promise((resolve) => setTimeout(resolve, 200))
      off()
      const missed = lines.slice(before)
      // REST keeps an order's last state only: b's partial fill shows as its fill, then the cancel.
      ensure(missed.length === 4, `4 missed events once each (got ${missed.length})`)
      ensure(
        missed.join('|') ===
          [
            `fill  ${short(a.orderId)} 0.006 @ 61000`,
            `order ${short(a.orderId)} filled 0.01/0.01`,
            `fill  ${short(b.orderId)} 0.01 @ 60900`,
            `order ${short(b.orderId)} cancelled 0.01/0.02`,
          ].join('|'),
        `the missed events in order (got ${missed.join(', ')})`,
      )
      return `live fill 0.004 of …${short(a.orderId).slice(1)}; reconnected after ${downs.length} drop; 4 missed events replayed once each, in order: fill, filled, fill, cancelled (the last state of an order that changed twice while down)`
    },
  )
}

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
