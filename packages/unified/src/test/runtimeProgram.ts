/**
 * The program that `src/stream/runtimes.test.ts` bundles with the BUILT package and runs in Bun
 * and Deno: a unified client and stream of a sandbox, readers of `orders()` and `fills()`, orders
 * placed through REST, and one JSON line on stdout for everything it sees. The test drives the
 * sandbox (fills, a dropped connection) from the lines it reads. Never part of the build; it
 * imports only types, and gets the built package as an argument.
 */
import type * as Tradeline from '../index.js'

/** The environment variable that holds the program's {@link Config} as JSON. */
export const configVariable = 'TRADELINE_RUNTIME_CONFIG'

/** What the test passes: the sandbox's URL and credentials. */
export type Config = {
  readonly baseUrl: string
  readonly credentials: { apiKey: string; secret: string; passphrase: string }
}

/** One line the program prints (one JSON object per line). */
export type Line =
  /** A record an iterator yielded. */
  | { readonly topic: 'order' | 'fill'; readonly record: Record<string, unknown> }
  /** What a listener heard: `order ID STATUS ACTION` or `fill ID QTY ACTION`. */
  | { readonly heard: string }
  /** A connection event: `open`, `ready RESUMED`, `down REASON`, `error MESSAGE`. */
  | { readonly connection: string }
  /** A step of the script, with the ids of the orders it placed. */
  | { readonly step: 'placed' | 'resting' | 'done'; readonly orders?: Record<string, string> }
  /** An iterator ended with an error, or the program failed. */
  | { readonly failure: string }

/** The runtime's environment variable `name` (Deno's API in Deno, `process.env` in Bun). */
function env(name: string): string | undefined {
  const deno = (globalThis as { Deno?: { env: { get(name: string): string | undefined } } }).Deno
  return deno === undefined ? process.env[name] : deno.env.get(name)
}

/** A resting futures limit buy (BTCUSDT, far below the market), long in hedge mode. */
const futuresBuy = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '60000',
  posSide: 'long',
} as const

/** A resting spot limit buy of ETHUSDT (far below the market). */
const spotBuy = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
} as const

/**
 * The script: place A (the test fills it); once A is filled, place B and C (the test drops the
 * connection, fills B and cancels C while it is down, then lets it reconnect); once B's fill and
 * C's cancel are seen, place and cancel D, a marker: once D's cancel is seen, every event before
 * it was. Then close the stream and return.
 */
export async function main(tradeline: typeof Tradeline): Promise<void> {
  const print = (line: Line) => console.log(JSON.stringify(line))
  const text = env(configVariable)
  if (text === undefined) throw new Error(`${configVariable} is not set`)
  const { baseUrl, credentials } = JSON.parse(text) as Config

  const client = tradeline.createUnifiedClient({
    baseUrl,
    credentials,
    instruments: false,
    positionMode: false,
  })
  const stream = tradeline.createUnifiedStream(client, {
    credentials,
    backoff: { initialMs: 50, maxMs: 200 },
  })

  stream.on('connection', (event) => {
    if (event.type === 'down') print({ connection: `down ${event.reason}` })
    else if (event.type === 'ready') print({ connection: `ready ${event.resumed}` })
    else if (event.type === 'error') print({ connection: `error ${String(event.error)}` })
    else print({ connection: event.type })
  })
  stream.on('order', (order, meta) =>
    print({ heard: `order ${order.orderId} ${order.orderStatus} ${meta.action}` }),
  )
  stream.on('fill', (fill, meta) =>
    print({ heard: `fill ${fill.orderId} ${fill.execQty} ${meta.action}` }),
  )

  // Every record seen, and the waits on them.
  const seen: { topic: 'order' | 'fill'; record: Record<string, unknown> }[] = []
  const waits: { check: () => boolean; done: () => void }[] = []
  const until = (check: () => boolean) =>
    new Promise<void>((done) => {
      if (check()) done()
      else waits.push({ check, done })
    })
  const orderIn = (orderId: string, status: string) => () =>
    seen.some(
      (s) => s.topic === 'order' && s.record.orderId === orderId && s.record.orderStatus === status,
    )
  const fillOf = (orderId: string) => () =>
    seen.some((s) => s.topic === 'fill' && s.record.orderId === orderId)

  const pump = async (topic: 'order' | 'fill', iterator: AsyncIterable<object>) => {
    try {
      for await (const value of iterator) {
        const record = value as Record<string, unknown>
        seen.push({ topic, record })
        print({ topic, record })
        for (const wait of waits.filter((w) => w.check())) {
          waits.splice(waits.indexOf(wait), 1)
          wait.done()
        }
      }
    } catch (error) {
      print({ failure: `${topic}: ${String(error)}` })
    }
  }
  const pumps = [pump('order', stream.orders()), pump('fill', stream.fills())]

  await stream.ready()
  const a = (await client.orders.place(futuresBuy)).orderId
  print({ step: 'placed', orders: { a } })
  await until(orderIn(a, 'filled'))

  const b = (await client.orders.place(spotBuy)).orderId
  const c = (await client.orders.place(spotBuy)).orderId
  await until(() => orderIn(b, 'live')() && orderIn(c, 'live')())
  print({ step: 'resting', orders: { b, c } })

  await until(() => fillOf(b)() && orderIn(b, 'filled')() && orderIn(c, 'cancelled')())
  const d = (await client.orders.place(spotBuy)).orderId
  await client.orders.cancel({ orderId: d })
  await until(orderIn(d, 'cancelled'))

  await stream.close()
  await Promise.all(pumps)
  print({ step: 'done', orders: { d } })
}
