/**
 * The admin API over HTTP: unsigned routes under `/sandbox/`, answering local callers only (see
 * `localGuard.ts`: the address, the Host, the Origin, and JSON bodies).
 */
import type { Context, Hono } from 'hono'
import type * as v from 'valibot'
import type { Admin } from './admin.js'
import { AdminInputError, isRefusal, parseAdmin } from './adminInput.js'
import * as schemas from './adminSchemas.js'
import { readBody } from './body.js'
import { type Failure, failure, respond, respondFailure, success } from './envelope.js'
import { nextFundingTime, setFundingRate } from './exchange/funding.js'
import { feeOptions, ledgerOf } from './exchange/ledger.js'
import type { Env } from './exchange.js'
import { checkStructure, parseJson, setField } from './json.js'
import { localRefusal } from './localGuard.js'
import type { SandboxState } from './state.js'

export { isLoopback } from './localGuard.js'

/**
 * Mounts the admin routes under `/sandbox/`: each checks its input with its schema first. `hosts`
 * are the host names allowed besides the loopback ones (see `localRefusal`).
 */
export function mountAdmin(
  app: Hono<Env>,
  admin: Admin,
  state: SandboxState,
  hosts: readonly string[] = [],
): void {
  const ok = (data: unknown) => respond(success(data, state.clock.now()))
  const refuse = (error: Failure) => respondFailure(error, state.clock.now())
  const bad = (msg: string, status = 400) =>
    refuse({ code: status === 403 ? '40300' : '40017', msg, status })

  app.use('/sandbox/*', async (c, next) => {
    const refusal = localRefusal(c, hosts, true)
    if (refusal !== undefined) return bad(`The admin API ${refusal}`, 403)
    await next()
  })

  /**
   * A route whose JSON body (`{}` when empty) or query (`'query'`) is checked by `schema`; a
   * refusal answers HTTP 400, `40017`, with the message naming the field and the rule.
   */
  const route = <schema extends v.GenericSchema>(
    method: 'get' | 'post' | 'delete',
    path: string,
    schema: schema,
    handle: (input: v.InferOutput<schema>) => unknown,
    from: 'body' | 'query' = method === 'post' ? 'body' : 'query',
  ) =>
    app[method](path, async (c) => {
      try {
        const input = from === 'body' ? await jsonBody(c) : queryOf(c)
        if ('failure' in input) return refuse(input.failure)
        return ok(handle(parseAdmin(schema, input.value)))
      } catch (error) {
        if (isRefusal(error)) return bad(error.message)
        throw error
      }
    })

  route('get', '/sandbox/state', schemas.none, () => admin.state())
  route('get', '/sandbox/order-history', schemas.orderHistoryQuery, (query) =>
    admin.orderHistory(query),
  )
  route('post', '/sandbox/prices', schemas.prices, (body) => {
    if (body.prices !== undefined) admin.setPrices(body.prices)
    if (body.symbol !== undefined || body.price !== undefined) {
      if (body.symbol === undefined || body.price === undefined)
        throw new AdminInputError('symbol, price: expected both or neither')
      admin.setPrice(body.symbol, body.price)
    }
    if (body.marks !== undefined) admin.setMarkPrices(body.marks)
    return Object.fromEntries(state.prices)
  })
  route('post', '/sandbox/clock/advance', schemas.advance, ({ ms }) => ({
    now: admin.advanceClock(ms),
  }))
  route('post', '/sandbox/faults', schemas.fault, (fault) => admin.injectFault(fault))
  route('delete', '/sandbox/faults', schemas.clearFaults, ({ path }) => {
    admin.clearFaults(path)
    return null
  })
  route('post', '/sandbox/keys', schemas.key, (key) => admin.addKey(key))
  route('post', '/sandbox/instruments', schemas.instrument, (instrument) => {
    admin.setInstrument(instrument)
    return [...state.instruments.values()]
  })
  route('post', '/sandbox/orders', schemas.order, (order) => admin.addOrder(order))
  route('post', '/sandbox/fill', schemas.fill, ({ orderId, qty }) => admin.fill(orderId, qty))
  route('post', '/sandbox/modifications', schemas.modifications, ({ delayMs, hold }) => {
    if (delayMs !== undefined) admin.setModificationDelay(delayMs)
    if (hold !== undefined) admin.holdModifications(hold)
    return state.modificationSettings
  })
  route('post', '/sandbox/balances', schemas.balance, ({ coin, amount, uid }) => {
    admin.setBalance(coin, amount, uid)
    return null
  })
  route('post', '/sandbox/deposits', schemas.deposit, (deposit) => admin.addDeposit(deposit))
  route('post', '/sandbox/position-mode', schemas.positionMode, ({ mode, uid, category }) => {
    admin.setPositionMode(mode, { uid, category })
    return null
  })
  route('post', '/sandbox/classic/position-mode', schemas.classicPositionMode, (body) => {
    admin.setClassicPositionMode(body.mode, { uid: body.uid, productType: body.productType })
    return null
  })
  route('post', '/sandbox/classic/settings', schemas.classicSettings, (settings) =>
    admin.setClassicSettings(settings),
  )
  route('post', '/sandbox/positions', schemas.position, (position) => admin.setPosition(position))
  route('post', '/sandbox/fills', schemas.addedFill, (fill) => admin.addFill(fill))
  route('post', '/sandbox/stockplus/numbers-as', schemas.numbersAs, (body) => {
    admin.setNumbersAs(body.as)
    return null
  })
  route('post', '/sandbox/stockplus/cash', schemas.stockCash, ({ amount, uid }) => {
    admin.setStockCash(amount, uid)
    return null
  })
  route('post', '/sandbox/stockplus/positions', schemas.stockPosition, (position) => {
    admin.setStockPosition(position)
    return null
  })
  route('post', '/sandbox/stockplus/executions', schemas.executions, (seed) =>
    admin.seedExecutions(seed),
  )
  // Securities money: the commission rate and fills of open orders.
  route('post', '/sandbox/stockplus/fee-rate', schemas.stockFeeRate, ({ rate }) => {
    admin.setStockFeeRate(rate)
    return null
  })
  route('post', '/sandbox/stockplus/fills', schemas.stockFill, (fill) => admin.fillStockOrder(fill))
  route('post', '/sandbox/savings/subscriptions', schemas.savingsSubscription, (body) =>
    admin.subscribeSavings({ ...body, productId: String(body.productId) }),
  )
  route('post', '/sandbox/ws/drop', schemas.none, () => ({ dropped: admin.ws.drop() }))
  route('post', '/sandbox/ws/stall-pongs', schemas.toggle, ({ on }) => {
    admin.ws.stallPongs(on === true)
    return null
  })
  route('post', '/sandbox/ws/refuse', schemas.toggle, ({ on }) => {
    admin.ws.refuse(on === true)
    return null
  })
  route('get', '/sandbox/ws/connections', schemas.none, () => admin.ws.connections())
  route('post', '/sandbox/ws/market/step', schemas.marketStep, ({ symbol, count, category }) =>
    admin.ws.market.step(symbol, count, category),
  )
  route('get', '/sandbox/ws/market/book', schemas.bookQuery, ({ symbol, category }) =>
    admin.ws.market.book(symbol, category),
  )
  route(
    'post',
    '/sandbox/ws/market/corrupt-checksum',
    schemas.marketStep,
    ({ symbol, count, category }) => {
      admin.ws.market.corruptChecksum(symbol, count, category)
      return null
    },
  )
  // The ledger: fee rates and funding rates (the clock advance settles what is due).
  route('post', '/sandbox/fees', schemas.fees, (body) => {
    ledgerOf(state).fees = feeOptions(body)
    return ledgerOf(state).fees
  })
  route('post', '/sandbox/funding-rate', schemas.fundingRate, (body) => {
    const funding = setFundingRate(state, body.symbol, body.rate, body.intervalHours)
    return { ...funding, nextUpdate: nextFundingTime(funding) }
  })
  route('post', '/sandbox/rate-limits/reset', schemas.none, () => {
    admin.resetRateLimits()
    return null
  })
  app.all('/sandbox/*', () =>
    respond(failure({ code: '40404', msg: 'Request URL NOT FOUND' }, state.clock.now()), 404),
  )
}

type Input = { value: unknown } | { failure: Failure }

/** The JSON body (`{}` when empty), read within the body limit and the JSON bounds. */
async function jsonBody(c: Context<Env>): Promise<Input> {
  const read = await readBody(c)
  if (!read.ok) return { failure: read.failure }
  if (read.text.trim() === '') return { value: {} }
  const refused = checkStructure(read.text)
  if (refused !== undefined) throw new AdminInputError(refused)
  try {
    return { value: parseJson(read.text) }
  } catch {
    throw new AdminInputError('body: expected JSON')
  }
}

/** The query as an object; a parameter sent twice is refused. */
function queryOf(c: Context<Env>): Input {
  const query: Record<string, string> = {}
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length > 1)
      throw new AdminInputError(`${name.slice(0, 64)}: expected a query parameter sent once`)
    setField(query, name, values[0] ?? '')
  }
  return { value: query }
}
