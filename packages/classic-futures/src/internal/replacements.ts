/**
 * The replacements this process asked for: a classic size or price change cancels the order and
 * creates a successor under the `newClientOid` the modification chose. A cancel that finds its
 * order cancelled asks here whether the order was replaced (and by which `newClientOid`): the
 * exchange's order record does not say who cancelled it. One memory per exchange (the transport's
 * base URL) for the process, so every client of an account (each with its own transport) sees the
 * others' replacements; the newest 10,000 keys of each generation. A successor is then looked up
 * on the cancel's own account, so a key another account shares finds nothing there and claims no
 * replacement. Another exchange (a second sandbox of a test run, whose order ids start again from
 * the same numbers) has a memory of its own.
 */

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

const memories = new Map<string, Replacements>()

/** The replacements this process asked for on the exchange at `baseUrl` (every client's). */
export function replacementsOf(baseUrl: string): Replacements {
  let memory = memories.get(baseUrl)
  if (memory === undefined) {
    memory = new Replacements(10_000)
    memories.set(baseUrl, memory)
  }
  return memory
}
