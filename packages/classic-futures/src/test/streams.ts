/** Stream test helpers: a sandbox, a classic stream on manual timers, and readers with real-time guards. Never part of the build. */
import type { StreamEvent } from '@tradeline/core'
import {
  type ClassicFuturesStream,
  createClassicFuturesStream,
} from '../stream/createClassicFuturesStream.js'
import { setup } from './sandbox.js'
import { manualTimers } from './timers.js'

export { eventually, quiet, take } from '@tradeline/fuzz/timers'

/** A sandbox, a client of it, and classic streams on manual timers that record their connection events. */
export async function streamSetup(options: Parameters<typeof setup>[0] = {}) {
  const { sandbox, client } = await setup(options)
  sandbox.admin.setPrice('BTCUSDT', '65000.0')
  const made: ClassicFuturesStream[] = []
  const open = (
    extra: Partial<createClassicFuturesStream.Parameters> = {},
    clientExtra: Parameters<typeof client>[0] = {},
  ) => {
    const time = manualTimers(Date.now())
    const events: StreamEvent[] = []
    const c = client({ instruments: false, positionMode: false, ...clientExtra })
    const stream = createClassicFuturesStream(c, {
      credentials: sandbox.credentials,
      timers: { now: time.clock.now, ...time.timers },
      random: () => 0.5,
      ...extra,
    })
    stream.on('connection', (event) => events.push(event))
    made.push(stream)
    return { stream, time, events, client: c }
  }
  let accounts = 0
  /** A new classic account of its own (one-way mode, 1 000 000 USDT): its credentials. */
  const fresh = () => {
    const uid = String(7_900_000_000 + ++accounts)
    const credentials = sandbox.admin.addKey({ uid, accountMode: 'classic' })
    sandbox.admin.setClassicPositionMode('one_way', { uid })
    sandbox.admin.setBalance('USDT', '1000000', uid)
    return credentials
  }
  /** A stream and a client of a new account of its own. */
  const openFresh = (extra: Partial<createClassicFuturesStream.Parameters> = {}) => {
    const credentials = fresh()
    return open({ credentials, ...extra }, { credentials })
  }
  const close = async () => {
    for (const stream of made) await stream.close()
    await sandbox.close()
  }
  return { sandbox, open, openFresh, fresh, close }
}
