/**
 * The settings writes of a campaign (classic leverage, margin mode and position mode; unified
 * leverage and holding mode), made through the public clients of an account of their own, one
 * at a time. Each asks for a value other than the one in force, and records what the sandbox's
 * account settings (its state, not a client's read) showed before, at its settlement and once
 * its late requests landed. A mode change meets a position opened before it (by the sandbox's
 * admin) one time in three: the exchange then refuses it.
 */
import type { createClassicFuturesClient } from '@tradeline/classic-futures'
import { type RunningSandbox, symbolSettingsOf } from '@tradeline/sandbox'
import type { createUnifiedClient } from '@tradeline/unified'
import type { OwnAccount } from './accounts.js'
import type { Call, Intent, SettingTruth, Target } from './intents.js'
import type { Operation, Random } from './plan.js'
import type { createSenders } from './senders.js'

/** The contracts whose settings the classic writes change, one per product type. */
const contracts = [
  { productType: 'USDT-FUTURES', symbol: 'BTCUSDT', marginCoin: 'USDT' },
  { productType: 'USDC-FUTURES', symbol: 'ETHPERP', marginCoin: 'USDC' },
  { productType: 'COIN-FUTURES', symbol: 'BTCUSD_CM', marginCoin: 'BTC' },
] as const

/** The unified futures symbols whose leverage the unified writes change. */
const unifiedSymbols = [
  { category: 'USDT-FUTURES', symbol: 'BTCUSDT' },
  { category: 'USDC-FUTURES', symbol: 'ETHPERP' },
] as const

/** The exchange's refusal of a mode change while a position is open. */
const refusals = {
  'classic.setMarginMode': '45117',
  'classic.setPositionMode': '40920',
  'unified.setHoldMode': '25010',
} as const

/** The operations made here. */
export type SettingsOperation = Extract<
  Operation,
  | 'classic.setLeverage'
  | 'classic.setMarginMode'
  | 'classic.setPositionMode'
  | 'unified.setLeverage'
  | 'unified.setHoldMode'
>

/** One write: where, what, the request, and how to read the setting in the sandbox. */
type Write = {
  /** The settings a late request may still change: no other write touches them meanwhile. */
  readonly scope: string
  readonly target: Extract<Target, { kind: 'setting' }>
  readonly request: Record<string, unknown>
  read(): string
  send(parameters: unknown): Promise<unknown>
}

/**
 * The settings writes of a campaign on `account`'s clients; `exclusive()` is taken by the
 * campaign before it injects such a call's fault (one write at a time, so the fault is its
 * own), and `finish()` reads the last value of each setting once every late request landed.
 */
export function createSettings(parameters: {
  sandbox: RunningSandbox
  /** The settings accounts of each line (an account is unified or classic). */
  accounts: { readonly classic: OwnAccount; readonly unified: OwnAccount }
  classic: ReturnType<typeof createClassicFuturesClient>
  unified: ReturnType<typeof createUnifiedClient>
  random: Random
  /** The longest delay a fault may hold a request (a late request lands within it). */
  longestDelayMs: number
  sleep(ms: number): Promise<void>
  readonly idempotently: ReturnType<typeof createSenders>['idempotently']
}) {
  const { sandbox, accounts, classic, unified, random, sleep, idempotently } = parameters
  const { state } = sandbox.sandbox
  const classicUid = accounts.classic.uid
  const unifiedUid = accounts.unified.uid
  /** When each scope is free again: a delayed call's late request may land until then. */
  const freeAt = new Map<string, number>()
  /** The last write of each scope, whose value once its late requests landed is read later. */
  const last = new Map<string, { intent: Intent; read: () => string }>()
  const queues = new Map<string, Promise<void>>()

  /** One holder of `key` at a time: resolves with the release once the holders before are done. */
  function exclusive(key: string): Promise<() => void> {
    const before = queues.get(key) ?? Promise.resolve()
    let release: () => void = () => {}
    queues.set(
      key,
      new Promise<void>((resolve) => {
        release = resolve
      }),
    )
    return before.then(() => release)
  }

  /** The value of the last write of `scope` now that its late requests landed. */
  function closeOut(scope: string): void {
    const previous = last.get(scope)
    if (!previous) return
    ;(previous.intent.truth as SettingTruth).later = previous.read()
    last.delete(scope)
  }

  const pick = <value>(list: readonly value[]): value =>
    list[Math.floor(random() * list.length)] as value

  /** A leverage from 2 to 40 other than `current` (compared as the setting reads). */
  function newLeverage(format: (leverage: string) => string, current: string): string {
    for (;;) {
      const leverage = String(2 + Math.floor(random() * 39))
      if (format(leverage) !== current) return leverage
    }
  }

  /** Opens (one time in three) or closes the settings account's position before a mode change. */
  function hold(position: { line?: 'classic'; category: string; symbol: string }): boolean {
    const holding = random() < 1 / 3
    sandbox.admin.setPosition({
      uid: position.line === 'classic' ? classicUid : unifiedUid,
      ...position,
      side: 'net',
      size: holding ? '1' : '0',
    })
    return holding
  }

  const classicSymbol = (symbol: string) => symbolSettingsOf(state, classicUid, 'classic', symbol)
  const leverageOf = (symbol: string) => {
    const s = classicSymbol(symbol)
    return s.marginMode === 'crossed' ? `crossed ${s.crossed}` : `isolated ${s.long}/${s.short}`
  }

  type Contract = (typeof contracts)[number]
  function classicLeverage(contract: Contract): Write {
    const isolated = classicSymbol(contract.symbol).marginMode === 'isolated'
    const format = (l: string) => (isolated ? `isolated ${l}/${l}` : `crossed ${l}`)
    const leverage = newLeverage(format, leverageOf(contract.symbol))
    return {
      scope: `classic ${contract.productType}`,
      target: setting('classic', 'leverage', contract.symbol, format(leverage)),
      // Isolated margin: both sides (one-way and hedge alike); crossed: the crossed leverage.
      request: {
        ...contract,
        ...(isolated ? { longLeverage: leverage, shortLeverage: leverage } : { leverage }),
      },
      read: () => leverageOf(contract.symbol),
      send: (p) => classic.account.setLeverage(p as never),
    }
  }

  function classicMarginMode(contract: Contract): Write {
    const read = () => classicSymbol(contract.symbol).marginMode
    const marginMode = read() === 'crossed' ? 'isolated' : 'crossed'
    return {
      scope: `classic ${contract.productType}`,
      target: setting('classic', 'margin mode', contract.symbol, marginMode),
      request: { ...contract, marginMode },
      read,
      send: (p) => classic.account.setMarginMode(p as never),
    }
  }

  function classicPositionMode(contract: Contract): Write {
    const read = () => state.classicModeOf(classicUid, contract.productType)
    const mode = read() === 'hedge' ? 'one_way' : 'hedge'
    return {
      scope: `classic ${contract.productType}`,
      target: setting('classic', 'position mode', contract.productType, mode),
      request: { productType: contract.productType, posMode: `${mode}_mode` },
      read,
      send: (p) => classic.account.setPositionMode(p as never),
    }
  }

  function unifiedLeverage({ category, symbol }: (typeof unifiedSymbols)[number]): Write {
    const read = () => {
      const s = symbolSettingsOf(state, unifiedUid, 'unified', symbol)
      return `${s.crossed}/${s.long}/${s.short}`
    }
    const format = (l: string) => `${l}/${l}/${l}`
    const leverage = newLeverage(format, read())
    return {
      scope: 'unified',
      target: setting('unified', 'leverage', symbol, format(leverage)),
      request: { category, symbol, leverage },
      read,
      send: (p) => unified.account.setLeverage(p as never),
    }
  }

  function unifiedHoldMode(): Write {
    const read = () => state.modeOf(unifiedUid, 'USDT-FUTURES')
    const mode = read() === 'hedge' ? 'one_way' : 'hedge'
    return {
      scope: 'unified',
      target: setting('unified', 'holding mode', 'the account', mode),
      request: { holdMode: `${mode}_mode` },
      read,
      send: (p) => unified.account.setHoldMode(p as never),
    }
  }

  /** Makes one write of a random choice: waits until its scope is free, opens or closes a position, sends. */
  function write<choice>(
    operation: SettingsOperation,
    choices: readonly choice[],
    build: (choice: choice) => Write,
    position?: (w: Write) => { line?: 'classic'; category: string; symbol: string },
  ): Call {
    const scopeOf = (c: choice) =>
      typeof c === 'object' && c !== null && 'productType' in c
        ? `classic ${c.productType}`
        : 'unified'
    return async (call, fault, delayed) => {
      const choice = pick(choices)
      // One write of a scope at a time, and none before the last late request of the scope
      // landed; the value asked is read once it is free.
      const release = await exclusive(scopeOf(choice))
      const wait = (freeAt.get(scopeOf(choice)) ?? 0) - performance.now()
      if (wait > 0) await sleep(wait)
      const w = build(choice)
      closeOut(w.scope)
      const holding = position ? hold(position(w)) : false
      const refusal = operation in refusals ? refusals[operation as keyof typeof refusals] : ''
      const truth: SettingTruth = { before: w.read(), holding, refusal }
      const made: Intent = {
        call,
        operation,
        fault,
        target: w.target,
        report: { status: 'hung' },
        sends: 0,
        truth,
      }
      const ack = await idempotently(made, w.request, w.send)
      if (ack !== undefined) made.report = { status: 'ok', orderId: null }
      truth.settled = w.read()
      last.set(w.scope, { intent: made, read: w.read })
      if (delayed) freeAt.set(w.scope, performance.now() + parameters.longestDelayMs + 100)
      release()
      return [made]
    }
  }

  const contractOf = (w: Write) =>
    contracts.find((c) => c.symbol === w.target.scope || c.productType === w.target.scope) ??
    contracts[0]
  const classicPosition = (w: Write) => {
    const c = contractOf(w)
    return { line: 'classic' as const, category: c.productType, symbol: c.symbol }
  }

  const run: Record<SettingsOperation, Call> = {
    'classic.setLeverage': write('classic.setLeverage', contracts, classicLeverage),
    'classic.setMarginMode': write(
      'classic.setMarginMode',
      contracts,
      classicMarginMode,
      classicPosition,
    ),
    'classic.setPositionMode': write(
      'classic.setPositionMode',
      contracts,
      classicPositionMode,
      classicPosition,
    ),
    'unified.setLeverage': write('unified.setLeverage', unifiedSymbols, unifiedLeverage),
    'unified.setHoldMode': write('unified.setHoldMode', ['account'], unifiedHoldMode, () => ({
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
    })),
  }

  /** Reads the last value of every setting (once every late request landed). */
  function finish(): void {
    for (const scope of [...last.keys()]) closeOut(scope)
  }

  return { run, exclusive, finish }
}

function setting(
  line: 'classic' | 'unified',
  name: string,
  scope: string,
  asked: string,
): Extract<Target, { kind: 'setting' }> {
  return { kind: 'setting', line, setting: name, scope, asked }
}
