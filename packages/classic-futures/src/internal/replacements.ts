/**
 * The replacements this process asked for: a classic size or price change cancels the order and
 * creates a successor under the `newClientOid` the modification chose. A cancel that finds its
 * order cancelled asks here whether the order was replaced (and by which `newClientOid`): the
 * exchange's order record does not say who cancelled it. Kept per transport (one account), the
 * newest 10,000 of each generation.
 */
import type { Transport } from '@tradeline/core'

type Successor = { readonly newClientOid: string }

class Replacements {
  #newer = new Map<string, Successor>()
  #older = new Map<string, Successor>()
  readonly #capacity: number

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  remember(ids: OrderIds, successor: Successor): void {
    for (const key of keysOf(ids)) {
      if (this.#newer.size >= this.#capacity) {
        this.#older = this.#newer
        this.#newer = new Map()
      }
      this.#newer.set(key, successor)
    }
  }

  successorOf(ids: OrderIds): Successor | undefined {
    for (const key of keysOf(ids)) {
      const found = this.#newer.get(key) ?? this.#older.get(key)
      if (found !== undefined) return found
    }
    return undefined
  }
}

type OrderIds = {
  readonly orderId?: string | null | undefined
  readonly clientOid?: string | null | undefined
}

function keysOf(ids: OrderIds): string[] {
  const keys: string[] = []
  if (typeof ids.orderId === 'string') keys.push(`o:${ids.orderId}`)
  if (typeof ids.clientOid === 'string') keys.push(`c:${ids.clientOid}`)
  return keys
}

const byTransport = new WeakMap<Transport, Replacements>()

/** The replacements asked for through `transport`. */
export function replacementsOf(transport: Transport): Replacements {
  let found = byTransport.get(transport)
  if (found === undefined) {
    found = new Replacements(10_000)
    byTransport.set(transport, found)
  }
  return found
}
