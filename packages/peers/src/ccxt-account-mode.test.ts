/**
 * ccxt's `bitget` and the account mode (one mode per account, as live): with `uta: true` on a
 * unified key, ccxt sends setMarginMode to the classic /api/v2/mix path, which the exchange
 * answers 40085 (https://github.com/ccxt/ccxt/issues/26838), and the unified settings stay as they were; with a classic
 * key and no `uta` option, ccxt's probe of GET /api/v3/account/settings gets 40084 and ccxt takes
 * its classic path, whose calls answer.
 */
import { describe, expect, test } from 'vitest'
import { ccxtAgainstSandbox } from './test/ccxt.js'

const swap = 'BTC/USDT:USDT'
const unified = ccxtAgainstSandbox({ uta: true }, { loadMarkets: true })
const classic = ccxtAgainstSandbox(
  { fetchMarkets: { types: ['swap'] } },
  { loadMarkets: true, accountMode: 'classic' },
)

/** The exchange code of the last answer of `method path` the recorder saw. */
function lastCode(ctx: typeof unified, method: string, path: string) {
  const last = [...ctx.recorder.exchanges]
    .reverse()
    .find((exchange) => exchange.method === method && exchange.path === path)
  return last && { status: last.status, code: (last.answer as { code?: string } | null)?.code }
}

describe('ccxt bitget (uta: true) on a unified key', () => {
  test('setMarginMode goes to /api/v2/mix and gets 40085, as live; the unified settings stay crossed', async () => {
    const error = await unified.exchange.setMarginMode('isolated', swap).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(String(error)).toContain('40085')
    expect(String(error)).toContain('You are in Unified Account mode')
    expect(lastCode(unified, 'POST', '/api/v2/mix/account/set-margin-mode')).toEqual({
      status: 400,
      code: '40085',
    })
    const settings = (await (
      unified.exchange as unknown as {
        privateUtaGetV3AccountSettings(): Promise<{
          data: { symbolConfigList?: { symbol: string; marginMode: string }[] }
        }>
      }
    ).privateUtaGetV3AccountSettings()) as {
      data: { symbolConfigList?: { symbol: string; marginMode: string }[] }
    }
    const btc = settings.data.symbolConfigList?.find((config) => config.symbol === 'BTCUSDT')
    expect(btc?.marginMode ?? 'crossed').toBe('crossed')
  })
})

describe('ccxt bitget (no uta option) on a classic key', () => {
  test('the probe of /api/v3/account/settings gets 40084, so ccxt takes its classic path, which answers', async () => {
    await classic.exchange.setMarginMode('isolated', swap)
    expect(lastCode(classic, 'GET', '/api/v3/account/settings')).toEqual({
      status: 400,
      code: '40084',
    })
    expect(classic.exchange.options.uta).toBe(false)
    expect(lastCode(classic, 'POST', '/api/v2/mix/account/set-margin-mode')).toEqual({
      status: 200,
      code: '00000',
    })
    expect(await classic.exchange.fetchMarginMode(swap)).toMatchObject({
      symbol: swap,
      marginMode: 'isolated',
    })
    // No unified call succeeded for this key.
    expect(
      classic.recorder.exchanges.filter(
        (exchange) => exchange.path.startsWith('/api/v3/') && exchange.status === 200,
      ),
    ).toEqual([])
  })
})
