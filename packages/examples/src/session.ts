/**
 * A short unified-account session: starts an embedded sandbox exchange on a free loopback port, runs a short
 * trading session against it with the SDK, and prints what happened as a table.
 */
import { ApiError, BaseError, ResponseError, ValidationError } from '@tradeline/core'
import { Endpoint, type Instrument, Session, TickSize, Unified } from '@tradeline/rules'
import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '@tradeline/unified'

type Row = [step: string, call: string, outcome: string]

/** Runs the session and returns one row per step. */
export async function runDemo(): Promise<{ rows: Row[]; failures: number }> {
  const sandbox = await startSandbox({ port: 0, rateLimits: true, seed: 7 })
  const rows: Row[] = []
  let failures = 0
  const step = async (name: string, call: string, run: () => Promise<string> | string) => {
    try {
      rows.push([name, call, await run()])
    } catch (error) {
      failures++
      rows.push([
        name,
        call,
        `UNEXPECTED ${BaseError.isInstance(error) ? error.shortMessage : String(error)}`,
      ])
    }
  }
  try {
    const client = createUnifiedClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
    const btc: Instrument = {
      symbol: 'BTCUSDT',
      priceMultiplier: '0.5',
      pricePrecision: 1,
      sizeMultiplier: '0.001',
      minOrderAmount: '0.001',
    }

    await step('1', 'market.getStates()', async () => {
      const [us] = await client.market.getStates()
      const now = Session.at(sandbox.admin.now())
      return `US ${us?.daylightType}, ${us?.stateList.length} sessions; now ${now.et.time} ET: ${now.state}`
    })

    await step('2', "orders.getOpen({ category: 'SPOT' })", async () => {
      const page = await client.orders.getOpen({ category: 'SPOT' })
      return `${page.list.length} open orders (signed read accepted)`
    })

    const order = {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      qty: '0.0125',
      price: '64000.3',
      posSide: 'long',
    }
    await step('3', 'check place-order, off tick, one-way', () => {
      const result = Endpoint.check(Unified.placeOrder, order, {
        instrument: btc,
        positionMode: 'one_way',
      })
      if (result.success) throw new Error('an off-tick order passed')
      return `refused before sending: ${result.issues.map((i) => `${i.path.join('.')} ${i.type}`).join(', ')}`
    })

    await step('4', 'round to tick/lot, hedge mode', () => {
      const fixed = {
        ...order,
        price: TickSize.roundPrice(order.price, btc, 'down'),
        qty: TickSize.roundQty(order.qty, btc),
      }
      const result = Endpoint.check(Unified.placeOrder, fixed, {
        instrument: btc,
        positionMode: 'hedge',
      })
      if (!result.success) throw new Error(result.issues[0].message)
      return `valid: price ${fixed.price}, qty ${fixed.qty}`
    })

    await step('5', 'orders.getOpen() with a wrong passphrase', async () => {
      const wrong = createUnifiedClient({
        baseUrl: sandbox.url,
        credentials: { ...sandbox.credentials, passphrase: 'wrong' },
      })
      const error = await wrong.orders.getOpen({ category: 'SPOT' }).catch((e: unknown) => e)
      if (!ApiError.isInstance(error)) throw error
      return `ApiError ${error.code} ${error.msg} (no secret in the message)`
    })

    await step('6', 'orders.getOpen({ category: "FUTURES" })', async () => {
      const error = await client.orders
        .getOpen({ category: 'FUTURES' } as never)
        .catch((e: unknown) => e)
      if (!ValidationError.isInstance(error)) throw error
      return `ValidationError, nothing sent: ${error.issues[0].message}`
    })

    await step('7', 'read during one HTTP 500', async () => {
      sandbox.admin.injectFault({ path: Unified.getUnfilledOrders.path, kind: 'http500', times: 1 })
      const page = await client.orders.getOpen({ category: 'SPOT' })
      return `retried, then ${page.list.length} open orders`
    })

    await step('8', 'read answered with a malformed body', async () => {
      sandbox.admin.injectFault({
        path: Unified.getUnfilledOrders.path,
        kind: 'malformed',
        times: 3,
      })
      const error = await client.orders.getOpen({ category: 'SPOT' }).catch((e: unknown) => e)
      sandbox.admin.clearFaults()
      if (!ResponseError.isInstance(error)) throw error
      return `ResponseError: ${error.problem}`
    })
  } finally {
    await sandbox.close()
  }
  return { rows, failures }
}
