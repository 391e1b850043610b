// Every numeric option of the classic futures client is validated by the rules' Options schemas:
// a bad value is a ValidationError naming the option and the rule, at the factory or at the
// call, before anything is sent.
import {
  callRefusals,
  credentials,
  factoryRefusals,
  recordingFetch,
  tradingCases,
} from '@tradeline/fuzz/options'
import { createClassicFuturesClient } from './createClassicFuturesClient.js'

/** A client whose every request is recorded (and answered 500): nothing may reach it. */
function recorded() {
  const { fetch, sent } = recordingFetch()
  const client = createClassicFuturesClient({
    baseUrl: 'http://127.0.0.1:9',
    credentials,
    fetch,
    rateLimiter: false,
  })
  return Object.assign(client, { sent })
}

factoryRefusals('createClassicFuturesClient', createClassicFuturesClient as never, tradingCases)

callRefusals<ReturnType<typeof recorded>>(() => {
  const client = recorded()
  return { client, sent: client.sent }
}, [
  ['orders.place', 'classic.placeOrder', (c, o) => c.orders.place({} as never, o)],
  ['orders.reverse', 'classic.clickBackhand', (c, o) => c.orders.reverse({} as never, o)],
  ['orders.modify', 'classic.modifyOrder', (c, o) => c.orders.modify({} as never, o)],
  ['orders.cancel', 'classic.cancelOrder', (c, o) => c.orders.cancel({} as never, o)],
  ['batch.place', 'classic.batchPlaceOrder', (c, o) => c.batch.place([{}] as never, o)],
  ['batch.cancel', 'classic.batchCancelOrders', (c, o) => c.batch.cancel([{}] as never, o)],
])
