/**
 * The admin API over HTTP: unsigned routes under `/sandbox/`, answering loopback callers only.
 */
import type { Hono } from 'hono'
import type { Admin, OrderSeed } from './admin.js'
import { failure, respond, respondFailure, success } from './envelope.js'
import { nextFundingTime, setFundingRate } from './exchange/funding.js'
import { type FeeOptions, feeOptions, ledgerOf } from './exchange/ledger.js'
import type { NumbersAs } from './exchange/stockplus.js'
import type { Fill, Position } from './exchange/types.js'
import { type Env, remoteAddress } from './exchange.js'
import type { Fault } from './faults.js'
import type { SandboxInstrument, SandboxState } from './state.js'

/**
 * Whether a remote address is the local machine (`local` stands for an embedded call
 * without a socket).
 *
 * @example
 * import { isLoopback } from '@tradeline/sandbox'
 * isLoopback('::ffff:127.0.0.1') // true
 */
export function isLoopback(address: string): boolean {
  return (
    address === 'local' ||
    address === '::1' ||
    address.startsWith('127.') ||
    address.startsWith('::ffff:127.')
  )
}

/** Mounts the admin routes under `/sandbox/`. */
export function mountAdmin(app: Hono<Env>, admin: Admin, state: SandboxState): void {
  const ok = (data: unknown) => respond(success(data, state.clock.now()))
  const bad = (msg: string, status = 400) =>
    respondFailure({ code: status === 403 ? '40300' : '40017', msg, status }, state.clock.now())

  app.use('/sandbox/*', async (c, next) => {
    if (!isLoopback(remoteAddress(c)))
      return bad('The admin API answers loopback callers only', 403)
    await next()
  })
  const json = async (c: { req: { text(): Promise<string> } }): Promise<Record<string, any>> => {
    const text = await c.req.text()
    const value: unknown = text.trim() === '' ? {} : JSON.parse(text)
    if (typeof value !== 'object' || value === null) throw new TypeError('expected a JSON object')
    return value as Record<string, any>
  }

  app.get('/sandbox/state', () => ok(admin.state()))
  app.get('/sandbox/order-history', (c) => {
    const afterSeq = c.req.query('afterSeq')
    return ok(
      admin.orderHistory({
        uid: c.req.query('uid'),
        orderId: c.req.query('orderId'),
        afterSeq: afterSeq === undefined ? undefined : Number(afterSeq),
      }),
    )
  })
  app.post('/sandbox/prices', async (c) => {
    const body = await json(c)
    if (body.prices !== undefined || body.symbol !== undefined)
      admin.setPrices(body.prices ?? { [body.symbol]: body.price })
    if (body.marks !== undefined) admin.setMarkPrices(body.marks)
    return ok(Object.fromEntries(state.prices))
  })
  app.post('/sandbox/clock/advance', async (c) => {
    const body = await json(c)
    return ok({ now: admin.advanceClock(Number(body.ms)) })
  })
  app.post('/sandbox/faults', async (c) => ok(admin.injectFault((await json(c)) as Fault)))
  app.delete('/sandbox/faults', (c) => {
    admin.clearFaults(c.req.query('path'))
    return ok(null)
  })
  app.post('/sandbox/keys', async (c) => ok(admin.addKey(await json(c))))
  app.post('/sandbox/instruments', async (c) => {
    const body = await json(c)
    admin.setInstrument(body as SandboxInstrument)
    return ok([...state.instruments.values()])
  })
  app.post('/sandbox/orders', async (c) => ok(admin.addOrder((await json(c)) as OrderSeed)))
  app.post('/sandbox/fill', async (c) => {
    const body = await json(c)
    return ok(admin.fill(String(body.orderId), body.qty))
  })
  app.post('/sandbox/modifications', async (c) => {
    const body = await json(c)
    if (body.delayMs !== undefined) admin.setModificationDelay(Number(body.delayMs))
    if (body.hold !== undefined) admin.holdModifications(Boolean(body.hold))
    return ok(state.modificationSettings)
  })
  app.post('/sandbox/balances', async (c) => {
    const body = await json(c)
    admin.setBalance(String(body.coin), String(body.amount), body.uid)
    return ok(null)
  })
  app.post('/sandbox/position-mode', async (c) => {
    const body = await json(c)
    admin.setPositionMode(body.mode, { uid: body.uid, category: body.category })
    return ok(null)
  })
  app.post('/sandbox/classic/position-mode', async (c) => {
    const body = await json(c)
    admin.setClassicPositionMode(body.mode, { uid: body.uid, productType: body.productType })
    return ok(null)
  })
  app.post('/sandbox/classic/settings', async (c) => ok(admin.setClassicSettings(await json(c))))
  app.post('/sandbox/positions', async (c) => ok(admin.setPosition((await json(c)) as Position)))
  app.post('/sandbox/fills', async (c) => ok(admin.addFill((await json(c)) as Fill)))
  app.post('/sandbox/stockplus/numbers-as', async (c) => {
    admin.setNumbersAs(((await json(c)) as { as: NumbersAs }).as)
    return ok(null)
  })
  app.post('/sandbox/stockplus/cash', async (c) => {
    const body = (await json(c)) as { amount: string; uid?: string }
    admin.setStockCash(body.amount, body.uid)
    return ok(null)
  })
  app.post('/sandbox/stockplus/positions', async (c) => {
    admin.setStockPosition((await json(c)) as Parameters<Admin['setStockPosition']>[0])
    return ok(null)
  })
  app.post('/sandbox/stockplus/executions', async (c) =>
    ok(admin.seedExecutions((await json(c)) as Parameters<Admin['seedExecutions']>[0])),
  )
  // Securities money: the commission rate and fills of open orders.
  app.post('/sandbox/stockplus/fee-rate', async (c) => {
    admin.setStockFeeRate(((await json(c)) as { rate: string }).rate)
    return ok(null)
  })
  app.post('/sandbox/stockplus/fills', async (c) =>
    ok(admin.fillStockOrder((await json(c)) as Parameters<Admin['fillStockOrder']>[0])),
  )
  app.post('/sandbox/savings/subscriptions', async (c) =>
    ok(admin.subscribeSavings((await json(c)) as Parameters<Admin['subscribeSavings']>[0])),
  )
  app.post('/sandbox/ws/drop', () => ok({ dropped: admin.ws.drop() }))
  app.post('/sandbox/ws/stall-pongs', async (c) => {
    admin.ws.stallPongs((await json(c)).on === true)
    return ok(null)
  })
  app.post('/sandbox/ws/refuse', async (c) => {
    admin.ws.refuse((await json(c)).on === true)
    return ok(null)
  })
  app.get('/sandbox/ws/connections', () => ok(admin.ws.connections()))
  app.post('/sandbox/ws/market/step', async (c) => {
    const body = await json(c)
    return ok(
      admin.ws.market.step(body.symbol, body.count === undefined ? undefined : Number(body.count)),
    )
  })
  app.get('/sandbox/ws/market/book', (c) => ok(admin.ws.market.book(c.req.query('symbol') ?? '')))
  app.post('/sandbox/ws/market/corrupt-checksum', async (c) => {
    const body = await json(c)
    admin.ws.market.corruptChecksum(
      body.symbol,
      body.count === undefined ? undefined : Number(body.count),
    )
    return ok(null)
  })
  // The ledger: fee rates and funding rates (the clock advance settles what is due).
  app.post('/sandbox/fees', async (c) => {
    const body = (await json(c)) as FeeOptions
    ledgerOf(state).fees = feeOptions(body)
    return ok(ledgerOf(state).fees)
  })
  app.post('/sandbox/funding-rate', async (c) => {
    const body = await json(c)
    const hours = body.intervalHours === undefined ? undefined : Number(body.intervalHours)
    const funding = setFundingRate(state, String(body.symbol), String(body.rate), hours)
    return ok({ ...funding, nextUpdate: nextFundingTime(funding) })
  })
  app.post('/sandbox/rate-limits/reset', () => {
    admin.resetRateLimits()
    return ok(null)
  })
  app.all('/sandbox/*', () =>
    respond(failure({ code: '40404', msg: 'Request URL NOT FOUND' }, state.clock.now()), 404),
  )
}
