/**
 * A subscription's amount checked before it is sent, against the product's "Savings
 * Subscription Detail" (subscribe-info: "Get subscription detail before subscribe savings"):
 * `singleMinAmount`, `singleMaxAmount`, `subscribePrecision` (the rules'
 * `Savings.subscribeAmountIssues`). Subscribe answers an `orderId` whatever the amount and a
 * refusal only shows in subscribe-result, so checked first it is a `ValidationError` naming
 * `amount` and the rule, and nothing is sent.
 */
import { createLoadCache, type Transport, ValidationError } from '@tradeline/core'
import { Savings } from '@tradeline/rules/savings'
import type { Issues } from '@tradeline/rules/shared'
import * as v from 'valibot'
import { type SubscribeInfo, subscribeInfo } from '../schemas/records.js'
import type { ClientBase, SubscribeInfos } from './client.js'

/** How long a product's subscribe-info is kept by default: a minute (its bounds rarely change). */
export const subscribeInfoTtlMs = 60_000

/**
 * Loads a product's subscribe-info (GET /api/v2/earn/savings/subscribe-info), cached per
 * `productId:periodType` for `ttlMs` (default a minute) on `clock`; a failed load is not kept.
 */
export function createSubscribeInfos(
  transport: Transport,
  options: { ttlMs?: number | undefined; clock?: { now(): number } | undefined } = {},
): SubscribeInfos {
  return createLoadCache({
    ttlMs: options.ttlMs ?? subscribeInfoTtlMs,
    clock: options.clock,
    load: async (key, signal) => {
      const [productId, periodType] = key.split(':')
      const data = await transport.request({
        endpoint: Savings.getSubscribeInfo,
        query: { productId, periodType },
        signal,
      })
      return v.parse(subscribeInfo, data)
    },
  })
}

/**
 * Throws a `ValidationError` naming `amount` when the subscription breaks the product's
 * conditions: those `given` (a subscribe-info record the caller read), else the client's cached
 * read. Nothing is checked with `given` `false`, when the client keeps no subscribe-info, or when
 * its read fails (a 5xx, a 429, an answer of another shape): the subscription is then sent as it
 * is, and the exchange judges the amount; a read the caller aborted throws the abort.
 */
export async function checkSubscription(
  client: ClientBase,
  request: { readonly productId: string; readonly periodType: string; readonly amount: string },
  given: SubscribeInfo | false | undefined,
  signal?: AbortSignal | undefined,
): Promise<void> {
  if (given === false) return
  let info: SubscribeInfo | undefined = given
  if (info === undefined)
    try {
      info = await client.subscribeInfos?.get(`${request.productId}:${request.periodType}`, {
        signal,
      })
    } catch (error) {
      if (signal?.aborted) throw error
      return
    }
  if (!info) return
  const issues = Savings.subscribeAmountIssues(request.amount, info)
  if (issues.length > 0)
    throw new ValidationError({
      endpoint: Savings.subscribe.id,
      issues: issues as unknown as Issues,
    })
}
