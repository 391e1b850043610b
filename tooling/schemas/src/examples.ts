/**
 * One valid example request per endpoint (the query or the body), for the OpenAPI document so
 * Swagger UI offers a request that the rules accept instead of placeholder text. Built from the
 * request schema: the required fields (and the first item of a list), each given a usual value
 * of its name or the first value its schema accepts; a few endpoints get a written example
 * (`written`). `src/examples.test.ts` checks each against `Endpoint.check` and Ajv.
 */
import { createValidator } from '@tradeline/ajv'

type JsonObject = Record<string, unknown>

/** Examples written out: where the built one would not pass the cross-field rules or says less. */
export const written: Readonly<Record<string, unknown>> = {
  // A BTCUSDT USDT-FUTURES limit order on the sandbox's tick.
  'unified.placeBatch': [
    {
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      qty: '0.01',
      side: 'buy',
      orderType: 'limit',
      price: '60000',
    },
  ],
  'classic.batchPlaceOrder': {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginMode: 'isolated',
    marginCoin: 'USDT',
    orderList: [{ size: '0.01', side: 'buy', orderType: 'limit', price: '60000' }],
  },
  'classic.setLeverage': {
    symbol: 'BTCUSDT',
    productType: 'USDT-FUTURES',
    marginCoin: 'USDT',
    leverage: '10',
  },
  'classic.transfer': { fromType: 'spot', toType: 'usdt_futures', amount: '10', coin: 'USDT' },
  // The page's own example: to another account by its UID (the sandbox's funding wallet starts
  // empty, so it answers 43012 until a deposit or a transfer fills it).
  'unified.withdraw': {
    coin: 'USDT',
    transferType: 'internal_transfer',
    address: '234234242',
    innerToType: 'uid',
    size: '100',
  },
  // Out of the unified account (the sandbox key's balance) into the funding account.
  'unified.transfer': { fromType: 'uta', toType: 'spot', amount: '10', coin: 'USDT' },
  // holdSide as one-way position mode names it (buy/sell), the sandbox account's default mode.
  'classic.placePosTpsl': {
    marginCoin: 'USDT',
    productType: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    holdSide: 'buy',
    stopSurplusTriggerPrice: '70000',
    stopSurplusTriggerType: 'fill_price',
  },
  'classic.placeTpslOrder': {
    marginCoin: 'USDT',
    productType: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    planType: 'profit_plan',
    triggerPrice: '70000',
    holdSide: 'buy',
    size: '0.01',
  },
  'unified.countdownCancelAll': { countdown: '10' },
  'unified.setLeverage': { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '10' },
  'unified.modifyOrder': { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: '1', qty: '0.02' },
  'strategy.placeStrategyOrder': {
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    type: 'tpsl',
    takeProfit: '70000',
  },
  'strategy.modifyStrategyOrder': { orderId: '1', takeProfit: '70000' },
  'securities.getOptionChain': { symbol: 'AAPL.US', expiryDate: '2027-01-15' },
  'securities.placeOrder': {
    symbol: 'AAPL.US',
    orderType: 'LO',
    side: 'Buy',
    submittedQuantity: '1',
    timeInForce: 'Day',
    submittedPrice: '200',
    outsideRth: 'RTHOnly',
  },
  'unified.cancelBatch': [{ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: '1' }],
  'unified.batchModifyOrder': [
    { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: '1', qty: '0.02' },
  ],
  'unified.placeOrder': {
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'buy',
    orderType: 'limit',
    qty: '0.01',
    price: '60000',
    timeInForce: 'gtc',
  },
}

/** Usual values by field name, tried before anything the schema offers. */
const byName: Readonly<Record<string, readonly unknown[]>> = {
  orderId: ['1'],
  // The sandbox's flexible USDT savings product (packages/sandbox/src/exchange/savingsProducts.ts).
  productId: ['1001'],
  openPrice: ['60000'],
  triggerPrice: ['60000'],
  symbol: ['BTCUSDT', 'AAPL'],
  symbols: ['BTCUSDT'],
  category: ['USDT-FUTURES'],
  productType: ['USDT-FUTURES'],
  marginCoin: ['USDT'],
  coin: ['USDT', 'BTC'],
  price: ['60000'],
  qty: ['0.01'],
  size: ['0.01'],
  side: ['buy'],
  orderType: ['market', 'limit'],
}

/** Texts tried for a string field, in order, after its enumeration. */
const texts = ['1', 'BTCUSDT', 'USDT', '1700000000000', 'a', 'A1', '0']

const ajv = createValidator({ allErrors: false })
const fits = (schema: JsonObject, value: unknown) => {
  try {
    return ajv.validate(schema, value) === true
  } catch {
    return false
  }
}

/** A value the field schema accepts, or `undefined` when none of the candidates fits. */
function fieldValue(name: string, schema: JsonObject): unknown {
  const enumeration = (schema['x-tradeline-enum'] ?? schema.enum) as unknown[] | undefined
  const candidates: unknown[] = [
    ...(byName[name] ?? []),
    ...(enumeration ?? []),
    ...(typeof schema.const !== 'undefined' ? [schema.const] : []),
  ]
  const built = build(schema)
  if (built !== undefined) candidates.push(built)
  candidates.push(...texts, 1, true, false)
  return candidates.find((candidate) => fits(schema, candidate))
}

/**
 * The example an object or list schema describes: its required fields, the first choice of a
 * "one of these is required" clause, the fields a met condition requires, one item of a list.
 */
export function build(schema: JsonObject): unknown {
  if (schema.type === 'array') {
    const item = fieldValue('', (schema.items ?? {}) as JsonObject)
    return item === undefined ? [] : [item]
  }
  if (schema.type !== 'object' || typeof schema.properties !== 'object') return undefined
  const properties = schema.properties as Record<string, JsonObject>
  const required = new Set((schema.required ?? []) as string[])
  const out: JsonObject = {}
  for (const [name, field] of Object.entries(properties)) {
    if (!required.has(name)) continue
    const value = fieldValue(name, field)
    if (value !== undefined) out[name] = value
  }
  const clauses = [...((schema.allOf ?? []) as JsonObject[]), schema]
  for (const clause of clauses) {
    const first = (clause.anyOf as JsonObject[] | undefined)?.[0]?.required as string[] | undefined
    const met = clause.if !== undefined && fits(clause.if as JsonObject, out)
    const then = met ? ((clause.then as JsonObject | undefined)?.required as string[]) : undefined
    for (const name of [...(first ?? []), ...(then ?? [])])
      if (!(name in out) && properties[name] !== undefined) {
        const value = fieldValue(name, properties[name])
        if (value !== undefined) out[name] = value
      }
  }
  return out
}

/** The example request of an endpoint, from its request schema. */
export function exampleOf(id: string, request: JsonObject): unknown {
  if (Object.hasOwn(written, id)) return written[id]
  const built = build(request)
  // Stock+ symbols are written ticker.region.
  if (id.startsWith('securities.') && typeof built === 'object' && built !== null) {
    const properties = (request.properties ?? {}) as JsonObject
    if ('symbol' in properties) return { ...built, symbol: 'AAPL.US' }
  }
  return built
}
