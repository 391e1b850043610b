/**
 * Steps 13 to 16: what failures look like: a wrong passphrase, a request the rules refuse, a
 * read retried after an HTTP 500, and a body that is not JSON.
 */
import { ApiError, ResponseError, ValidationError } from '@tradeline/core'
import { Unified } from '@tradeline/rules'
import { ensure, type Session } from '../context.js'

/**
 * The typed errors of the SDK, one step each.
 *
 * @example
 * import { errors } from './steps/errors.js'
 * await errors(session)
 */
export async function errors(session: Session): Promise<void> {
  const { client, sandbox } = session
  const path = Unified.getUnfilledOrders.path

  await session.step('orders.getOpen() + wrong passphrase', async () => {
    const wrong = session.clientWith({
      credentials: { ...sandbox.credentials, passphrase: 'wrong' },
    })
    const error = await wrong.orders.getOpen({ category: 'SPOT' }).catch((e: unknown) => e)
    if (!ApiError.isInstance(error)) throw error
    ensure(!error.message.includes(sandbox.credentials.secret), 'no secret in the message')
    return `ApiError ${error.code} ${error.msg} (no secret in the message)`
  })

  await session.step("orders.getOpen({ category: 'FUTURES' })", async () => {
    const before = session.sent.length
    const error = await client.orders
      .getOpen({ category: 'FUTURES' } as never)
      .catch((e: unknown) => e)
    if (!ValidationError.isInstance(error)) throw error
    ensure(session.sent.length === before, 'nothing to be sent')
    return `ValidationError, nothing sent: ${error.issues[0].message}`
  })

  await session.step('orders.getOpen() + one HTTP 500', async () => {
    sandbox.admin.injectFault({ path, kind: 'http500', times: 1 })
    const before = session.responses.length
    const page = await client.orders.getOpen({ category: 'SPOT' })
    const statuses = session.responses.slice(before).map((r) => r.status)
    ensure(statuses.join() === '500,200', 'one HTTP 500, then a retry answered 200')
    return `HTTP ${statuses.join(', then ')} (retried): ${page.list.length} open orders`
  })

  await session.step('orders.getOpen() + malformed body', async () => {
    sandbox.admin.injectFault({ path, kind: 'malformed', times: 3 })
    const before = session.responses.length
    const error = await client.orders.getOpen({ category: 'SPOT' }).catch((e: unknown) => e)
    sandbox.admin.clearFaults()
    if (!ResponseError.isInstance(error)) throw error
    const attempts = session.responses.length - before
    const tries = attempts === 1 ? '1 attempt: an HTTP 200 is not retried' : `${attempts} attempts`
    return `ResponseError: ${error.problem} (${tries})`
  })
}
