/**
 * The accounts of a campaign: funded before the calls, and the classic position reversals flip.
 * An account is unified or classic, as live (the other mode's API answers 40084 / 40085): the
 * sandbox's first key is the main unified account's, and the main classic account is the first
 * classic one (`mainClassic`, opened before any other).
 */
import type { RunningSandbox } from '@tradeline/sandbox'
import { createSavingsClient } from '@tradeline/savings'

/** The signed net size of the main classic account's BTCUSDT position (`0` when none). */
export function netSize(sandbox: RunningSandbox): string {
  const { state } = sandbox.sandbox
  // The main classic account is the first classic one: the settings and plan accounts (opened
  // after it) hold positions of their own.
  const main = [...state.accounts.values()].find((a) => a.accountMode === 'classic')?.uid
  const position = [...state.positions.values()].find(
    (p) =>
      p.uid === main &&
      p.line === 'classic' &&
      p.symbol === 'BTCUSDT' &&
      p.category === 'USDT-FUTURES',
  )
  return position?.size ?? '0'
}

/**
 * The main classic account (a key of a classic account of its own): the classic line's orders,
 * batches and reversals. Opened before any other classic account, so {@link netSize} finds it.
 */
export function mainClassic(sandbox: RunningSandbox): OwnAccount {
  const key = sandbox.admin.addKey({ accountMode: 'classic' })
  return {
    uid: key.uid,
    credentials: { apiKey: key.apiKey, secret: key.secret, passphrase: key.passphrase },
  }
}

/** Funds the accounts and opens the classic position the reversals flip. */
export async function prepare(sandbox: RunningSandbox, classic: OwnAccount): Promise<string> {
  sandbox.admin.setBalance('USDT', '1000000000')
  sandbox.admin.setBalance('USDT', '1000000000', classic.uid)
  sandbox.admin.setStockCash('1000000000')
  sandbox.admin.setPosition({
    uid: classic.uid,
    line: 'classic',
    category: 'USDT-FUTURES',
    symbol: 'BTCUSDT',
    side: 'net',
    size: '0.01',
  })
  // The reference of the reads: the same read before any fault, by a client with the default
  // timeout (a cold first request may take longer than the campaign's short one).
  const reference = createSavingsClient({
    baseUrl: sandbox.url,
    credentials: sandbox.credentials,
  })
  return JSON.stringify(await reference.products())
}

/** An account of its own: its uid and the credentials its clients sign with. */
export type OwnAccount = {
  readonly uid: string
  readonly credentials: { apiKey: string; secret: string; passphrase: string }
}

/**
 * A funded account of its own (a new API key) in `mode`: the settings writes get one of each
 * mode, so that a position-mode change never touches the orders of the other operations; the
 * plan orders get a classic one, holding the long BTCUSDT position their take-profits and
 * stop-losses protect.
 */
export function ownAccount(
  sandbox: RunningSandbox,
  mode: 'unified' | 'classic',
  position?: string | undefined,
): OwnAccount {
  // A key without a uid joins the first account of its mode: a new uid opens a new one.
  const key = sandbox.admin.addKey({ uid: sandbox.sandbox.state.ids.uid(), accountMode: mode })
  for (const coin of ['USDT', 'USDC', 'BTC']) sandbox.admin.setBalance(coin, '1000000000', key.uid)
  if (position !== undefined)
    sandbox.admin.setPosition({
      uid: key.uid,
      line: 'classic',
      category: 'USDT-FUTURES',
      symbol: 'BTCUSDT',
      side: 'net',
      size: position,
    })
  return {
    uid: key.uid,
    credentials: { apiKey: key.apiKey, secret: key.secret, passphrase: key.passphrase },
  }
}
