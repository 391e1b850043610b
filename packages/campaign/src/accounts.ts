/** The accounts of a campaign: funded before the calls, and the classic position reversals flip. */
import type { RunningSandbox } from '@tradeline/sandbox'
import { createSavingsClient } from '@tradeline/savings'

/** The signed net size of the main account's classic BTCUSDT position (`0` when none). */
export function netSize(sandbox: RunningSandbox): string {
  const { state } = sandbox.sandbox
  // The main account is the first: the settings and plan accounts hold positions of their own.
  const main = [...state.accounts.keys()][0]
  const position = [...state.positions.values()].find(
    (p) =>
      p.uid === main &&
      p.line === 'classic' &&
      p.symbol === 'BTCUSDT' &&
      p.category === 'USDT-FUTURES',
  )
  return position?.size ?? '0'
}

/** Funds the accounts and opens the classic position the reversals flip. */
export async function prepare(sandbox: RunningSandbox): Promise<string> {
  sandbox.admin.setBalance('USDT', '1000000000')
  sandbox.admin.setStockCash('1000000000')
  sandbox.admin.setPosition({
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
 * A funded account of its own (a new API key): the settings writes get one, so that a
 * position-mode change never touches the orders of the other operations; the plan orders get
 * another, holding the long BTCUSDT position their take-profits and stop-losses protect.
 */
export function ownAccount(sandbox: RunningSandbox, position?: string | undefined): OwnAccount {
  // A key without a uid joins the first account: a new uid opens a new one.
  const key = sandbox.admin.addKey({ uid: sandbox.sandbox.state.ids.uid() })
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
