/** Stream test helpers: a sandbox, a stream on manual timers, and readers with real-time guards. Never part of the build. */
import type { StreamEvent } from '@tradeline/core'
import { createUnifiedStream, type UnifiedStream } from '../stream/createUnifiedStream.js'
import { setup } from './sandbox.js'
import { manualTimers } from './timers.js'

export { eventually, quiet, take } from '@tradeline/fuzz/timers'

/** A sandbox, a client of it, and streams on manual timers that record their connection events. */
export async function streamSetup(options: Parameters<typeof setup>[0] = {}) {
  const { sandbox, client } = await setup(options)
  const made: UnifiedStream[] = []
  const open = (
    extra: Partial<createUnifiedStream.Parameters> = {},
    clientExtra: Parameters<typeof client>[0] = {},
  ) => {
    const time = manualTimers(Date.now())
    const events: StreamEvent[] = []
    const c = client({ instruments: false, positionMode: false, ...clientExtra })
    const stream = createUnifiedStream(c, {
      credentials: sandbox.credentials,
      timers: { now: time.clock.now, ...time.timers },
      random: () => 0.5,
      ...extra,
    })
    stream.on('connection', (event) => events.push(event))
    made.push(stream)
    return { stream, time, events, client: c }
  }
  const close = async () => {
    for (const stream of made) await stream.close()
    await sandbox.close()
  }
  return { sandbox, open, close }
}
