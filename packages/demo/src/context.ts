/**
 * What every part of the demo session shares: the sandbox, the client, the step runner that turns
 * each step into a table row, a record of every response, and the facts the test checks.
 */
import { BaseError, type createTransport } from '@tradeline/core'
import type { Instrument } from '@tradeline/rules'
import type { RunningSandbox } from '@tradeline/sandbox'
import { createUnifiedClient, type UnifiedClient } from '@tradeline/unified'

/** One row of the printed table. */
export type Row = readonly [step: string, call: string, outcome: string]

/** One response the transport received (every attempt, retries included). */
export type Response = {
  readonly endpoint: string
  readonly status: number
  /** The envelope's `code`, when the body was an envelope. */
  readonly code: string | undefined
}

/** Outcomes the session measured, for the test to check. */
export type Facts = {
  /** `done/total` after each batch of the batch helper. */
  progress: string[]
  /** Outcomes of the 50 batch items by status. */
  batch: Record<'ok' | 'rejected' | 'failed', number>
  /** Open orders right after the place-order answered 40725 and was reconciled. */
  openAfterReconcile: number | undefined
  /** Status of the trigger order after the price crossed its trigger. */
  strategyStatus: string | undefined
  /** Heartbeats the dead-man switch sent before it was stopped. */
  heartbeats: number
  /** Orders the exchange cancelled with `cancelReason: 'countdown'`. */
  cancelledByCountdown: number
  /** Open orders after the countdown window elapsed. */
  openAfterLapse: number | undefined
  /** What the classic-futures part measured. */
  classic: ClassicFacts
}

/** Outcomes of the classic-futures steps. */
export type ClassicFacts = {
  /** State of the one-way limit order after `admin.fill`, and the net position it opened. */
  oneWay: { state: string | undefined; position: string | undefined }
  /** The hedge positions after the two opening orders, e.g. `long 0.02, short 0.01`. */
  hedge: string | undefined
  /** The hedge positions before and after the reversal. */
  reversal: { before: string | undefined; after: string | undefined }
  /** The modified order's orderId, the new order's (found by newClientOid), and their states. */
  modify: {
    oldOrderId: string | undefined
    newOrderId: string | undefined
    oldState: string | undefined
    newState: string | undefined
  }
  /** `done/total` after each batch of the 120-order batch. */
  progress: string[]
  /** Outcomes of the 120 batch items by status, and the batch requests sent. */
  batch: Record<'ok' | 'rejected' | 'failed', number> & { requests: number }
}

/** The state of a running demo session. */
export type Session = {
  readonly sandbox: RunningSandbox
  /**
   * The key of the session's classic account: an account is unified or classic, as live (the
   * sandbox's own key is a unified account's, which the classic API answers 40085).
   */
  readonly classicCredentials: { apiKey: string; secret: string; passphrase: string }
  /** A client of the sandbox's key, with the sandbox's instruments and position mode. */
  readonly client: UnifiedClient
  /** The sandbox's instruments by symbol, as the client knows them. */
  readonly instruments: Readonly<Record<string, Instrument>>
  /** Endpoint ids of every attempt sent, in order. */
  readonly sent: string[]
  /** Every response received by any client of the session. */
  readonly responses: Response[]
  readonly facts: Facts
  /** The hooks that record every request and response; give them to any other client. */
  readonly hooks: NonNullable<createTransport.Parameters['hooks']>
  /** Another client of the sandbox, recorded like the first (`options` replace the defaults). */
  clientWith(options: createUnifiedClient.Parameters): UnifiedClient
  /** Runs one step; its outcome (or `UNEXPECTED …` when it throws) becomes a row. */
  step(call: string, run: () => Promise<string> | string): Promise<void>
}

/**
 * Creates the session of a running sandbox; `rows` and `failures` grow as steps run.
 *
 * @example
 * import { startSandbox } from '@tradeline/sandbox'
 * import { createSession } from './context.js'
 * const { session, rows } = createSession(await startSandbox({ port: 0 }))
 * await session.step('market.getStates()', async () => 'ok') // rows: [['1', 'market.getStates()', 'ok']]
 */
export function createSession(
  sandbox: RunningSandbox,
  options: {
    /** Called with each row as its step ends, in order. @default none */
    onRow?: ((row: Row) => void) | undefined
  } = {},
): {
  session: Session
  rows: Row[]
  failures: () => number
} {
  const rows: Row[] = []
  let failures = 0
  const sent: string[] = []
  const responses: Response[] = []
  const hooks: Session['hooks'] = {
    request: (view) => void sent.push(view.endpoint),
    response: ({ request, status, body }) =>
      void responses.push({ endpoint: request.endpoint, status, code: codeOf(body) }),
  }
  const clientWith = (options: createUnifiedClient.Parameters) =>
    createUnifiedClient({
      baseUrl: sandbox.url,
      credentials: sandbox.credentials,
      hooks,
      ...options,
    })
  const classicKey = sandbox.admin.addKey({ accountMode: 'classic' })
  const classicCredentials = {
    apiKey: classicKey.apiKey,
    secret: classicKey.secret,
    passphrase: classicKey.passphrase,
  }
  const instruments = instrumentsOf(sandbox)
  const client = clientWith({ instruments, positionMode: 'one_way' })
  const facts: Facts = {
    progress: [],
    batch: { ok: 0, rejected: 0, failed: 0 },
    openAfterReconcile: undefined,
    strategyStatus: undefined,
    heartbeats: 0,
    cancelledByCountdown: 0,
    openAfterLapse: undefined,
    classic: {
      oneWay: { state: undefined, position: undefined },
      hedge: undefined,
      reversal: { before: undefined, after: undefined },
      modify: {
        oldOrderId: undefined,
        newOrderId: undefined,
        oldState: undefined,
        newState: undefined,
      },
      progress: [],
      batch: { ok: 0, rejected: 0, failed: 0, requests: 0 },
    },
  }
  const step = async (call: string, run: () => Promise<string> | string) => {
    const name = String(rows.length + 1)
    let row: Row
    try {
      row = [name, call, await run()]
    } catch (error) {
      failures++
      const message = BaseError.isInstance(error) ? error.shortMessage : String(error)
      row = [name, call, `UNEXPECTED ${message}`]
    }
    rows.push(row)
    options.onRow?.(row)
  }
  return {
    session: {
      sandbox,
      classicCredentials,
      client,
      instruments,
      sent,
      responses,
      facts,
      hooks,
      clientWith,
      step,
    },
    rows,
    failures: () => failures,
  }
}

/**
 * Throws when a step did not behave as it says.
 *
 * @example
 * import { ensure } from './context.js'
 * ensure(open === 1, 'exactly one open order') // Error: expected exactly one open order
 */
export function ensure(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`expected ${what}`)
}

/**
 * An id shortened for the table: its last 6 characters.
 *
 * @example
 * import { short } from './context.js'
 * short('1300000000000000001') // '…000001'
 */
export function short(id: string | null | undefined): string {
  if (id === null || id === undefined) return '-'
  return id.length <= 8 ? id : `…${id.slice(-6)}`
}

/** The sandbox's instruments as the client's `instruments` option (a record by symbol). */
function instrumentsOf(sandbox: RunningSandbox): Record<string, Instrument> {
  return Object.fromEntries(
    sandbox.admin
      .state()
      .instruments.map(
        ({ symbol, priceMultiplier, pricePrecision, sizeMultiplier, minOrderAmount }) => [
          symbol,
          { symbol, priceMultiplier, pricePrecision, sizeMultiplier, minOrderAmount },
        ],
      ),
  )
}

function codeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { code?: unknown } | null)?.code
    return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined
  } catch {
    return undefined
  }
}
