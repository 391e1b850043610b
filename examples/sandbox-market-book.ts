import { type BookPush, loadWebSocket } from '@tradeline/core'
import { startSandbox } from '@tradeline/sandbox'

const sandbox = await startSandbox({ port: 0, seed: 1 })
// Any client: here a bare WebSocket (the runtime's, or undici's in Node 20) on the unified path.
const WebSocket = await loadWebSocket()
const socket = new WebSocket(`${sandbox.wsUrl}/v3/ws/public`)
await new Promise((resolve) => {
  socket.onopen = resolve
})
// A push as sent: `action` ('snapshot' or 'update') and the book's levels, seq and checksum.
const pushes: { action: string; data: BookPush[] }[] = []
socket.onmessage = ({ data }) => {
  const message = JSON.parse(String(data))
  if (message.action !== undefined) pushes.push(message)
}
socket.send(
  JSON.stringify({
    op: 'subscribe',
    args: [{ instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' }],
  }),
)
while (pushes.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))

sandbox.admin.ws.market.step('BTCUSDT', 100) // 100 updates, each pushed
while (pushes.length < 101) await new Promise((resolve) => setTimeout(resolve, 5))
const book = sandbox.admin.ws.market.book('BTCUSDT') // every level, best first
const last = pushes.at(-1)?.data[0]
console.log(
  'snapshot then',
  pushes.length - 1,
  "updates; the last seq and checksum are the book's:",
  last?.seq === book.seq && last?.checksum === book.checksum,
)
console.log(
  'best bid [price, size] as strings:',
  book.bids[0]?.every((v) => typeof v === 'string'),
)
socket.close()
await sandbox.close()
