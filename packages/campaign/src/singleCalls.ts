/**
 * The campaign's calls that stand alone, one request each: the classic reversal (judged by the
 * position it leaves), a stock order (no clientOid: an unknown outcome is reconciled by matching
 * today's orders; one left unknown is judged by when its execution appeared) and a
 * savings read (sent again after a typed failure, as a careful user does with a read).
 */
import type { createClassicFuturesClient } from '@tradeline/classic-futures'
import { BaseError, RateLimitedError } from '@tradeline/core'
import type { RunningSandbox } from '@tradeline/sandbox'
import type { createSavingsClient } from '@tradeline/savings'
import type { createSecuritiesClient } from '@tradeline/securities'
import { netSize } from './accounts.js'
import { nameOf, nextStep } from './careful.js'
import type { Call, Intent, Target } from './intents.js'
import type { Operation } from './plan.js'
import { contract } from './pools.js'
import type { createSenders } from './senders.js'

/** The reversal, the stock order and the savings read, by operation. */
export function createSingleCalls(parameters: {
  sandbox: RunningSandbox
  classic: ReturnType<typeof createClassicFuturesClient>
  securities: ReturnType<typeof createSecuritiesClient>
  savings: ReturnType<typeof createSavingsClient>
  intent: (call: number, operation: Operation, fault: string | undefined, target: Target) => Intent
  done: (made: Intent) => Intent
  carefully: ReturnType<typeof createSenders>['carefully']
  id: (prefix: string) => string
  /** Calls in flight at once: the reversal's position is then not judged (others change it). */
  concurrent: boolean
  maxSends: number
  wait: (ms: number) => Promise<void>
}): Record<'classic.reverse' | 'securities.place' | 'savings.read', Call> {
  const { sandbox, classic, securities, savings, intent, done, carefully, id, concurrent } =
    parameters
  const { maxSends, wait } = parameters
  let stockQuantity = 0
  return {
    async 'classic.reverse'(call, fault) {
      const clientOid = id('cr')
      const made = intent(call, 'classic.reverse', fault, {
        kind: 'place',
        line: 'classic',
        clientOid,
      })
      const before = netSize(sandbox)
      const request = {
        ...contract,
        marginCoin: 'USDT',
        side: before.startsWith('-') ? 'sell' : 'buy',
        clientOid,
      }
      const ack = await carefully(made, request, (p) => classic.orders.reverse(p as never))
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      // With calls in flight at once, fills and other reversals change the position meanwhile.
      if (!concurrent) made.truth = { before, after: netSize(sandbox) }
      return [done(made)]
    },
    async 'securities.place'(call, fault) {
      const quantity = ++stockQuantity
      const made = intent(call, 'securities.place', fault, { kind: 'stock', quantity })
      const order = {
        symbol: 'AAPL.US',
        orderType: 'MO',
        side: 'Buy',
        submittedQuantity: String(quantity),
        timeInForce: 'Day',
        outsideRth: 'RTHOnly',
      }
      const ack = await carefully(made, order, (p) => securities.orders.place(p as never))
      if (ack) made.report = { status: 'ok', orderId: ack.orderId }
      // When the call settled (the sandbox clock): an order made by then was there to be found.
      made.truth = { settledAt: sandbox.admin.now() }
      return [done(made)]
    },
    async 'savings.read'(call, fault) {
      const made = intent(call, 'savings.read', fault, { kind: 'read' })
      // A read is safe to send again: a careful user retries one that failed with a typed error.
      for (;;) {
        made.sends++
        try {
          made.truth = JSON.stringify(await savings.products())
          made.report = { status: 'ok', orderId: null }
          return [done(made)]
        } catch (error) {
          if (!BaseError.isInstance(error) || made.sends >= maxSends) {
            const next = nextStep(error, undefined)
            made.report =
              next.kind === 'final' ? next.report : { status: 'unknown', error: nameOf(error) }
            return [done(made)]
          }
          if (RateLimitedError.isInstance(error)) await wait(error.retryAfterMs ?? 0)
        }
      }
    },
  }
}
