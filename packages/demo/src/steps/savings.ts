/**
 * Step 39: a savings subscription with `@tradeline/savings` through the client (the orderId it
 * answers is what subscribeResult reads), then the holding it made.
 */
import { createSavingsClient } from '@tradeline/savings'
import { ensure, type Session, short } from '../context.js'

/**
 * Subscribes 100 USDT to the flexible product 1001 and reads the result and the holding.
 *
 * @example
 * import { savingsSubscription } from './steps/savings.js'
 * await savingsSubscription(session)
 */
export async function savingsSubscription(session: Session): Promise<void> {
  const { sandbox } = session
  const savings = createSavingsClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
    hooks: session.hooks,
  })
  await session.step('savings subscribe(1001, flexible, 100 USDT)', async () => {
    const { orderId } = await savings.subscribe({
      productId: '1001',
      periodType: 'flexible',
      amount: '100',
    })
    const { result } = await savings.getSubscribeResult({ orderId, periodType: 'flexible' })
    ensure(result === 'success', 'the subscription succeeded')
    const { resultList } = await savings.getAssets({ periodType: 'flexible' })
    const held = resultList.find((asset) => asset.productId === '1001')?.holdAmount
    ensure(held === '100', 'a holding of 100')
    return `subscription ${short(orderId)}: ${result}, holding ${held} USDT (no client id: an unknown outcome is reconciled from the records, never resent)`
  })
}
