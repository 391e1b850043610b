import type { Named, ReadErrorType } from '@tradeline/core'
import { BaseError, ValidationError } from '@tradeline/core'
import { combineSignals, requireArgument } from '@tradeline/core/internal'
import { Securities } from '@tradeline/rules/securities'
import { Issue, type Issues, Options } from '@tradeline/rules/shared'
import type { CallOptions, ClientBase } from '../internal/client.js'
import type { Execution } from '../schemas/records.js'
import { getExecutions } from './getExecutions.js'

const day = 86_400
/** The fields the iterator takes. */
const fields = ['symbol', 'startAt', 'endAt', 'windowDays']

/**
 * Walks the historical executions of any time range (GET /api/v3/stockplus/trade/history-executions),
 * yielding each execution once.
 *
 * The range is cut into windows of at most the exchange documentation's span (90 days), walked oldest first. A
 * window whose answer says `hasMore` (more than 1000 orders) is not yielded but split in two
 * halves, again until every answer is whole, so nothing beyond the 1000 is lost whatever order
 * the exchange sorts in. Neighbouring windows share their boundary second (the exchange documentation does not say
 * whether `endAt` is inclusive), and an execution seen twice is yielded once (by `tradeId`, with
 * `orderId`). A one-second window that still has more throws `ExecutionsOverflowError` after
 * yielding what it holds. The exchange leaves out today's executions: a range ending
 * today ends, in effect, at the last day before it.
 *
 * @example
 * import { createSecuritiesClient, iterateExecutions } from '@tradeline/securities'
 * const client = createSecuritiesClient({ credentials })
 * for await (const execution of iterateExecutions(client, { startAt: 1735689600, endAt: 1767225600 }))
 *   execution.tradeId // '5001'
 */
export async function* iterateExecutions(
  client: ClientBase,
  parameters: iterateExecutions.Parameters,
  options: CallOptions = {},
): AsyncGenerator<Execution, void, undefined> {
  requireArgument(Securities.getHistoryExecutions, parameters, 'object')
  // A misspelt field (`endat`) would otherwise walk to now without a word.
  for (const key of Object.keys(parameters))
    if (!fields.includes(key))
      throw invalid(
        key,
        `no such field (${fields.join(', ')})`,
        Issue.describe(parameters[key as keyof typeof parameters]),
        'unknown',
      )
  // Before anything else: a window of 0, NaN or a fraction of a second would never advance.
  const { windowDays } = Options.assert(
    Securities.getHistoryExecutions.id,
    Options.executionsWalk,
    parameters,
  )
  const now = Math.floor((client.config?.clock?.now() ?? Date.now()) / 1000)
  const startAt = seconds(parameters.startAt, 'startAt')
  const endAt = parameters.endAt === undefined ? now : seconds(parameters.endAt, 'endAt')
  if (startAt > endAt)
    throw invalid('startAt', `at most endAt (${endAt})`, String(parameters.startAt))
  const span = (windowDays ?? Securities.executionsWindow.defaultDays) * day
  const signal = combineSignals(client.config?.signal, options.signal)
  const seen = new Set<string>()
  const symbol = parameters.symbol === undefined ? {} : { symbol: parameters.symbol }
  // Windows still to ask for, oldest first (a stack: the next is at the end).
  const windows: [number, number][] = []
  for (let from = startAt; ; from += span) {
    const to = Math.min(from + span, endAt)
    windows.push([from, to])
    if (to >= endAt) break
  }
  windows.reverse()
  while (windows.length > 0) {
    const [from, to] = windows.pop() as [number, number]
    const page = await getExecutions(client, { ...symbol, startAt: from, endAt: to }, { signal })
    if (page.hasMore && to - from > 1) {
      const middle = from + Math.floor((to - from) / 2)
      windows.push([middle, to], [from, middle])
      continue
    }
    for (const execution of page.trades) {
      const key = `${execution.orderId}\u0000${execution.tradeId}`
      if (seen.has(key)) continue
      seen.add(key)
      yield execution
    }
    if (page.hasMore) throw new ExecutionsOverflowError({ startAt: from, endAt: to })
  }
}

export declare namespace iterateExecutions {
  type Parameters = {
    /** Only executions of this symbol. @default every symbol */
    symbol?: string | undefined
    /** Start of the range, Unix seconds. */
    startAt: number | string
    /** End of the range, Unix seconds. @default now */
    endAt?: number | string | undefined
    /**
     * The widest window asked for at once: a whole number of days from 1 to 90 (the exchange documentation's span;
     * `Options.executionsWalk` of the rules). @default 90
     */
    windowDays?: number | undefined
  }
  type ReturnType = AsyncGenerator<Execution, void, undefined>
  type ErrorType =
    | ReadErrorType
    | Named<ExecutionsOverflowError, 'Securities.ExecutionsOverflowError'>
}

function seconds(value: unknown, name: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n
  throw invalid(name, 'Unix seconds (a whole number)', Issue.describe(value))
}

function invalid(
  name: string,
  expected: string,
  received: string,
  type: 'range' | 'unknown' = 'range',
): ValidationError {
  const issue = Issue.create({
    type,
    path: [name],
    expected,
    received,
    message: `${name}: expected ${expected}, received ${received}`,
  })
  return new ValidationError({
    endpoint: Securities.getHistoryExecutions.id,
    issues: [issue] as unknown as Issues,
  })
}

/** A one-second window still answers `hasMore`: executions beyond its 1000 orders cannot be read. */
export class ExecutionsOverflowError extends BaseError {
  static override readonly kind: string = 'Securities.ExecutionsOverflowError'
  override name = 'Securities.ExecutionsOverflowError'
  /** The window, Unix seconds. */
  readonly startAt: number
  readonly endAt: number

  constructor(parameters: { startAt: number; endAt: number }) {
    super(`More than 1000 orders executed between ${parameters.startAt} and ${parameters.endAt}.`, {
      metaMessages: [
        'history-executions answers at most 1000 orders per query and has no cursor; this window cannot be split further.',
        'The executions of the window that the answer held were yielded.',
      ],
    })
    this.startAt = parameters.startAt
    this.endAt = parameters.endAt
  }
}
