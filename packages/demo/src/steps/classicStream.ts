/**
 * The classic futures private stream (`/v2/ws/private`) of the session's classic key with
 * `@tradeline/classic-futures`: an order placed and filled in two parts, its states and fills
 * arriving live, each once, in order (printed as they come).
 */
import { createClassicFuturesClient, createClassicFuturesStream } from '@tradeline/classic-futures'
import { ensure, type Session, short } from '../context.js'

const btc = {
  symbol: 'BTCUSDT',
  productType: 'USDT-FUTURES',
  marginMode: 'crossed',
  marginCoin: 'USDT',
} as const

/**
 * Opens the classic stream, places a hedge-mode limit buy, fills it in two parts through the
 * sandbox admin, and checks the order and fill events; prints each through `print`.
 *
 * @example
 * import { classicStream } from './steps/classicStream.js'
 * await classicStream(session, console.log)
 */
export async function classicStream(
  session: Session,
  print: (line: string) => void,
): Promise<void> {
  const { sandbox } = session
  const client = createClassicFuturesClient({
    baseUrl: sandbox.url,
    credentials: session.classicCredentials,
    hooks: session.hooks,
    // The classic steps left the account in hedge mode.
    positionMode: 'hedge',
  })
  const stream = createClassicFuturesStream(client, {
    credentials: session.classicCredentials,
    productType: 'USDT-FUTURES',
  })
  const lines: string[] = []
  const note = (line: string) => {
    lines.push(line)
    print(`classic ${line}`)
  }
  stream.on('orders', (o) => note(`order ${short(o.orderId)} ${o.state} ${o.baseVolume}/${o.size}`))
  stream.on('fill', (f) => note(`fill  ${short(f.orderId)} ${f.baseVolume} @ ${f.price}`))
  try {
    await session.step("createClassicFuturesStream(client).on('orders' | 'fill')", async () => {
      await stream.ready()
      const placed = await client.orders.place({
        ...btc,
        side: 'buy',
        tradeSide: 'open',
        orderType: 'limit',
        size: '0.01',
        price: '57500',
      })
      const id = short(placed.orderId)
      await waitFor(() => lines.length >= 1, 'the live order')
      sandbox.admin.fill(placed.orderId as string, '0.004')
      sandbox.admin.fill(placed.orderId as string)
      await waitFor(() => lines.length >= 5, 'the fills and order states')
      await new Promise((resolve) => setTimeout(resolve, 100))
      const expected = [
        `order ${id} live 0/0.01`,
        `fill  ${id} 0.004 @ 57500`,
        `order ${id} partially_filled 0.004/0.01`,
        `fill  ${id} 0.006 @ 57500`,
        `order ${id} filled 0.01/0.01`,
      ]
      ensure(
        lines.join('|') === expected.join('|'),
        `each state and fill once, in order (got ${lines.join(', ')})`,
      )
      return `login on /v2/ws/private, orders + fill subscribed; limit buy ${id} 0.01 @ 57500 filled 0.004 then 0.006: live → partially_filled → filled, 2 fills, each once, in order`
    })
  } finally {
    await stream.close()
  }
}

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
