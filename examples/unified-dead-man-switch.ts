import { startSandbox } from '@tradeline/sandbox'
import { createUnifiedClient } from '@tradeline/unified'

const sandbox = await startSandbox({ port: 0 })
// The switch needs a key with the countdown permission (a whitelist of the exchange).
const credentials = sandbox.admin.addKey({ permissions: ['trade_rw', 'countdown'] })
const client = createUnifiedClient({ baseUrl: sandbox.url, credentials })

// Arms the countdown switch: unless a heartbeat arrives within `window` seconds, the exchange
// cancels every order of the account. The keeper sends one every `interval` seconds.
const keeper = await client.countdown.keep({ window: 10, interval: 4 })
keeper.on('lapsed', () => console.error('the switch lapsed: treat every order as cancelled'))
const armed = () => Object.keys(sandbox.admin.state().countdowns).length
console.log('switches armed at the exchange:', armed())

// Disarm on shutdown. stop() resolves once the switch is off and keeps the process alive until
// then; the keeper's own timers do not, so a process that ends without stop() leaves the switch
// armed and the exchange cancels its orders (that is the switch's purpose).
const shutdown = async () => {
  await keeper.stop()
  console.log('keeper', keeper.state)
}
process.once('SIGTERM', shutdown)

// ... the trading work, kept safe by the switch ...
await client.orders.place({
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  side: 'buy',
  orderType: 'limit',
  qty: '0.01',
  price: '60000',
})

// The work is done: stop the keeper (the switch is disarmed), then let the process end.
process.off('SIGTERM', shutdown)
await shutdown()
console.log('switches armed at the exchange:', armed())
await sandbox.close()
