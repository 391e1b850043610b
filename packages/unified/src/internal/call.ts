/**
 * What every unified action needs of a client (core's `ClientBase` with the symbols and the
 * loaded market data of the unified line) and the steps of one call that are the line's own.
 */
import { ValidationError } from '@tradeline/core'
import { Endpoint } from '@tradeline/rules/shared'

export type {
  CallOptions,
  ChangeOptions,
  Instruments,
  PositionModes,
  ReconcileOptions,
} from '@tradeline/core'
export { clientOidFor } from '@tradeline/core'
export { requireArgument } from '@tradeline/core/internal'

/** A category as the rules know it (`SPOT`, `MARGIN`, `USDT-FUTURES`, ...). */
export type CategoryName = string

export type { ClientBase, ClientConfig } from '../types.js'

/**
 * The symbols of the orders a client placed, by `orderId` and `clientOid` (at least the newest
 * 10,000 of each): a cancel by id carries no symbol, yet an rToken cancel counts against the
 * rToken budget.
 *
 * Two generations of at most `capacity` keys each: when the newer is full it becomes the older
 * and the older is dropped. Every operation is O(1); evicting the oldest key of one Map one at a
 * time is not (V8 skips the deleted entries at its front on every `keys().next()`: measured
 * 5-6 us per order once full, most of the client's own work on a place-order).
 */
export class SymbolMemory {
  #newer = new Map<string, string>()
  #older = new Map<string, string>()
  readonly #capacity: number
  readonly #keeps: ((symbol: string) => boolean) | undefined

  /**
   * @param capacity keys per generation
   * @param keeps which symbols are worth keeping (the client keeps rToken pairs only: a symbol
   * the memory does not know counts against the same budget as any other pair)
   */
  constructor(capacity = 10_000, keeps?: ((symbol: string) => boolean) | undefined) {
    this.#capacity = capacity
    this.#keeps = keeps
  }

  /** Remembers the symbol of an order. */
  remember(
    ids: { orderId?: string | null | undefined; clientOid?: string | null | undefined },
    symbol: unknown,
  ): void {
    if (typeof symbol !== 'string' || this.#keeps?.(symbol) === false) return
    for (const key of keysOf(ids)) {
      if (this.#newer.size >= this.#capacity) {
        this.#older = this.#newer
        this.#newer = new Map()
      }
      this.#newer.set(key, symbol)
    }
  }

  /** The symbol of an order named by `orderId` (first) or `clientOid`, when known. */
  symbolOf(ids: {
    orderId?: string | null | undefined
    clientOid?: string | null | undefined
  }): string | undefined {
    for (const key of keysOf(ids)) {
      const symbol = this.#newer.get(key) ?? this.#older.get(key)
      if (symbol !== undefined) return symbol
    }
    return undefined
  }
}

function keysOf(ids: {
  orderId?: string | null | undefined
  clientOid?: string | null | undefined
}): string[] {
  const keys: string[] = []
  if (typeof ids.orderId === 'string') keys.push(`o:${ids.orderId}`)
  if (typeof ids.clientOid === 'string') keys.push(`c:${ids.clientOid}`)
  return keys
}

/** The `ValidationError` of a request the endpoint's rules refuse, or `undefined` when it passes. */
export function checkOf(
  endpoint: Endpoint.Endpoint<any, any>,
  input: unknown,
  context: unknown,
): ValidationError | undefined {
  const result = (
    Endpoint.check as (e: unknown, i: unknown, c: unknown) => ReturnType<typeof Endpoint.check>
  )(endpoint, input, context)
  return result.success
    ? undefined
    : new ValidationError({ endpoint: endpoint.id, issues: result.issues })
}
