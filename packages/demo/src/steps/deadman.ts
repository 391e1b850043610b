/**
 * Steps 11 and 12: the dead-man switch. A `DeadManSwitch` arms the countdown and sends
 * heartbeats (real seconds, the shortest interval the endpoint allows); then the heartbeats stop
 * and the sandbox clock is moved past the window instead of waiting for it.
 */
import { DeadManSwitch } from '@tradeline/unified'
import { ensure, type Session } from '../context.js'

const window = 5
const heartbeats = 3

/**
 * Keeps the switch armed for three heartbeats, stops them, and shows the window lapse.
 *
 * @example
 * import { deadManSwitch } from './steps/deadman.js'
 * await deadManSwitch(session) // session.facts.cancelledByCountdown: 50
 */
export async function deadManSwitch(session: Session): Promise<void> {
  const { client, sandbox } = session
  const category = 'USDT-FUTURES'

  await session.step(`DeadManSwitch({ window: ${window}, interval: 1 })`, async () => {
    const keeper = new DeadManSwitch(client, {
      window,
      interval: 1,
      clock: { now: () => sandbox.admin.now() },
    })
    const times: number[] = []
    const enough = new Promise<void>((resolve) =>
      keeper.on('heartbeat', ({ at }) => {
        if (times.push(at) === heartbeats) resolve()
      }),
    )
    await keeper.start()
    const timedOut = await Promise.race([enough.then(() => false), delay(heartbeats * 2000)])
    // Without disarming: the process "hangs", the switch stays armed and lapses on the exchange.
    await keeper.stop({ disarm: false })
    session.facts.heartbeats = times.length
    ensure(!timedOut && times.length === heartbeats, `${heartbeats} heartbeats`)
    const offsets = times.map((t) => `+${((t - (times[0] ?? t)) / 1000).toFixed(1)}`)
    return `armed; heartbeats at ${offsets.join(', ')} s; then heartbeats stopped (not disarmed)`
  })

  await session.step(`admin.advanceClock(${window - 1} s, then 1 s)`, async () => {
    const before = (await client.orders.getOpen({ category })).list.length
    sandbox.admin.advanceClock((window - 1) * 1000)
    const inside = (await client.orders.getOpen({ category })).list.length
    ensure(inside === before, 'every order to survive inside the window')
    sandbox.admin.advanceClock(1000)
    const open = (await client.orders.getOpen({ category })).list.length
    const history = await client.orders.getHistory({ category, limit: '100' })
    const cancelled = history.list.filter((o) => o.cancelReason === 'countdown').length
    session.facts.openAfterLapse = open
    session.facts.cancelledByCountdown = cancelled
    ensure(open === 0 && cancelled === before, 'every open order to be cancelled by the countdown')
    return `${before} open at +${window - 1} s; at +${window} s: ${open} open, ${cancelled} cancelled (cancelReason countdown)`
  })
}

/** Resolves to true after `ms` (an unref'd timer: it never keeps the process alive). */
function delay(ms: number): Promise<true> {
  return new Promise((resolve) => setTimeout(() => resolve(true), ms).unref())
}
