// CPU-only measures, each against its baseline in the same run: signing against node:crypto's
// createHmac, place-order validation against a plain valibot parse, and the tick/lot check
// against plain decimal.js; import time of each package against an empty `node` process.
import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { createHmacSigner, prehash } from '@tradeline/core'
import { Endpoint, TickSize, Unified } from '@tradeline/rules'
import { Decimal as DecimalJs } from 'decimal.js'
import * as v from 'valibot'
import { median, medianOfRatios } from './stats.mjs'

/** Nanoseconds per call of `fn` (sync or async) over about `ms`. */
export async function nsPerCall(fn, ms) {
  let calls = 0
  const start = performance.now()
  const end = start + ms
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) {
      const out = fn()
      if (out instanceof Promise) await out
    }
    calls += 100
  }
  return ((performance.now() - start) * 1e6) / calls
}

/**
 * `subject` against `baseline`, interleaved over `rounds`: median ns of each and the median of the
 * per-round ratios.
 */
export async function compare(subject, baseline, { rounds = 7, ms = 250 } = {}) {
  for (let i = 0; i < 2000; i++) {
    await subject()
    await baseline()
  }
  const a = []
  const b = []
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.()
    a.push(await nsPerCall(subject, ms))
    b.push(await nsPerCall(baseline, ms))
  }
  return { ns: median(a), baselineNs: median(b), ratio: medianOfRatios(a, b) }
}

const secret = 'b6c3d1a0f1e2d3c4b5a69788'
const body = JSON.stringify({
  category: 'SPOT',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '42000.5',
})
const path = '/api/v3/trade/place-order'

/** Signing one POST: core's HMAC signer (prehash + sign) against createHmac on the same text. */
export async function signing() {
  const signer = createHmacSigner(secret)
  await signer.sign('warm up')
  return compare(
    () => signer.sign(prehash({ timestamp: '1700000000000', method: 'POST', path, body })),
    () => createHmac('sha256', secret).update(`1700000000000POST${path}${body}`).digest('base64'),
  )
}

const request = {
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  qty: '0.015',
  side: 'buy',
  orderType: 'limit',
  price: '64250.5',
  posSide: 'long',
  clientOid: 'bench-1',
  timeInForce: 'gtc',
}
const instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.5',
  pricePrecision: 1,
  sizeMultiplier: '0.001',
  minOrderAmount: '0.001',
}

/** Full place-order validation (schema, cross-field rules, instrument, mode) against the schema alone with valibot. */
export function validation() {
  const context = { instrument, positionMode: 'hedge' }
  return compare(
    () => {
      if (!Endpoint.check(Unified.placeOrder, request, context).success) throw new Error('invalid')
    },
    () => {
      if (!v.safeParse(Unified.placeOrder.schema, request).success) throw new Error('invalid')
    },
  )
}

/**
 * The tick and lot check of one order (price on the tick, qty on the step, qty at least the
 * minimum) against the same three checks written with plain decimal.js.
 */
export function tickAndLot() {
  const D = DecimalJs.clone({ precision: 64 })
  return compare(
    () => {
      const issues = [
        ...TickSize.checkPrice(request.price, instrument),
        ...TickSize.checkQty(request.qty, instrument),
      ]
      if (issues.length) throw new Error('invalid')
    },
    () => {
      const price = new D(request.price)
      const qty = new D(request.qty)
      if (!price.mod('0.5').isZero() || !qty.mod('0.001').isZero() || qty.lt('0.001'))
        throw new Error('invalid')
    },
  )
}

/** Milliseconds to import `specifier` in a fresh Node process, minus an empty process; median of `runs`. */
export function importTime(specifier, { runs = 7 } = {}) {
  const from = dirname(createRequire(import.meta.url).resolve('./micro.mjs'))
  const time = (code) => {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t = performance.now(); ${code}; console.log(performance.now() - t)`,
      ],
      { cwd: from },
    )
    return Number(out.toString().trim())
  }
  const times = []
  for (let i = 0; i < runs; i++) times.push(time(`await import(${JSON.stringify(specifier)})`))
  return median(times)
}
