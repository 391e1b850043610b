import { Endpoint, TickSize, Unified } from '@tradeline/rules'

// The rules alone: no I/O, no Node built-ins. The same checks run in the clients before sending,
// in the sandbox, and in a browser form.
const instrument = {
  symbol: 'BTCUSDT',
  priceMultiplier: '0.5',
  pricePrecision: 1,
  sizeMultiplier: '0.001',
  minOrderAmount: '0.001',
}
const order = {
  category: 'usdt-futures',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.0125',
  price: '64000.3',
  posSide: 'long',
}

// check() never throws on bad input: it returns every issue at once, each naming its field.
const result = Endpoint.check(Unified.placeOrder, order, { instrument, positionMode: 'one_way' })
if (!result.success)
  for (const { path, type, message } of result.issues)
    console.log(path.join('.'), type, '-', message)

const fixed = {
  ...order,
  price: TickSize.roundPrice(order.price, instrument, 'down'), // '64000'
  qty: TickSize.roundQty(order.qty, instrument), // '0.012'
}
// assert() returns the request as it is sent (categories upper-case, decimals normalised) or
// throws a ValidationError listing every issue.
console.log(Endpoint.assert(Unified.placeOrder, fixed, { instrument, positionMode: 'hedge' }))
