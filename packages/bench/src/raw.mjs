// What the raw baselines and the in-memory measures share: the order sent, its signed headers
// written by hand with node:crypto (as a careful user would), the fixed success envelope the
// bench server answers with, and the check of an envelope.
import { createHmac } from 'node:crypto'

export const path = '/api/v3/trade/place-order'
export const order = {
  category: 'SPOT',
  symbol: 'ETHUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '3000',
}
let n = 0
/** A fresh clientOid with `prefix`. */
export const nextOid = (prefix) => `${prefix}${++n}`

/** The signed headers of a raw POST of `body`. */
export function signedHeaders({ apiKey, secret, passphrase }, body) {
  const timestamp = String(Date.now())
  const sign = createHmac('sha256', secret)
    .update(`${timestamp}POST${path}${body}`)
    .digest('base64')
  return {
    'Content-Type': 'application/json',
    locale: 'en-US',
    'ACCESS-KEY': apiKey,
    'ACCESS-SIGN': sign,
    'ACCESS-TIMESTAMP': timestamp,
    'ACCESS-PASSPHRASE': passphrase,
  }
}

/** The envelope's data; throws when the exchange refused. */
export function checked(envelope) {
  if (envelope.code !== '00000') throw new Error(`order refused: ${envelope.code} ${envelope.msg}`)
  return envelope.data
}

/** The success envelope of a place-order whose request body is `body` (its clientOid echoed). */
export function placeOrderAnswer(body, orderId) {
  const clientOid = /"clientOid":"([^"]*)"/.exec(body)?.[1] ?? ''
  return `{"code":"00000","msg":"success","requestTime":${Date.now()},"data":{"orderId":"${orderId}","clientOid":"${clientOid}"}}`
}

/** bitget-api's documented fast signer (`customSignMessageFn`): node:crypto's createHmac. */
export const createHmacSigner = async (message, secret) =>
  createHmac('sha256', secret).update(message).digest('base64')

/**
 * The raw floor: one signed place-order through undici's `pool.request` (a `Pool` of the one
 * origin, as the tradeline transport keeps by default), its envelope checked.
 */
export function rawPoolOrder(pool, credentials) {
  return async () => {
    const body = JSON.stringify({ ...order, clientOid: nextOid('p') })
    const response = await pool.request({
      path,
      method: 'POST',
      headers: signedHeaders(credentials, body),
      body,
    })
    return checked(await response.body.json())
  }
}

/** Credentials of no account: the in-memory measures sign with them. */
export const credentials = {
  apiKey: 'bg_0123456789abcdef',
  secret: 'b6c3d1a0f1e2d3c4b5a69788',
  passphrase: 'pass',
}
/** The exchange's spot instrument record of ETHUSDT, as the in-memory measures answer it. */
const instrumentRecord = {
  symbol: 'ETHUSDT',
  category: 'SPOT',
  baseCoin: 'ETH',
  quoteCoin: 'USDT',
  buyLimitPriceRatio: '0.02',
  sellLimitPriceRatio: '0.02',
  minOrderQty: '0.0001',
  maxOrderQty: '0',
  pricePrecision: '2',
  quantityPrecision: '4',
  quotePrecision: '8',
  minOrderAmount: '1',
  maxSymbolOrderNum: '',
  maxProductOrderNum: '400',
  status: 'online',
  maintainTime: '',
  maxPositionNum: '200',
  symbolType: 'crypto',
  launchTime: '1532454360000',
}
const envelope = (data) => JSON.stringify({ code: '00000', msg: 'success', requestTime: 1, data })
/** The in-memory exchange of the CPU measures: a fixed envelope per path. */
export const answers = {
  '/api/v3/market/instruments': envelope([instrumentRecord]),
  '/api/v3/account/settings': envelope({ holdMode: 'one_way_mode' }),
  '/api/v3/trade/place-order': envelope({ orderId: '1001', clientOid: 'x' }),
}
