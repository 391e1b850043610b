/**
 * One account, one mode: a key of a unified (UTA) account gets 40085 from the classic private
 * endpoints, a key of a classic account 40084 from the unified ones, before any other rule;
 * public market data, savings and securities answer both.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountModeFailures, accountModeRefusal, apiModeOf } from './accountMode.js'
import { createState } from './state.js'
import { classicPaths, order, pair } from './test/classic.js'
import { type Caller, paths, start } from './test/unified.js'
import { connect, loginMessage } from './test/ws.js'

const unifiedRefusal = {
  code: '40085',
  msg: 'You are in Unified Account mode, and the Classic Account API is not supported at this time',
  data: null,
}
const classicRefusal = {
  code: '40084',
  msg: 'You are in Classic Account mode, and the Unified Account API is not supported at this time',
  data: null,
}

let ctx: Awaited<ReturnType<typeof start>>
/** A key of the default (unified) account, and one of a classic account of the same sandbox. */
let unified: Caller
let classic: Caller
let classicUid: string

beforeAll(async () => {
  ctx = await start()
  unified = ctx.api
  const key = ctx.sandbox.admin.addKey({ accountMode: 'classic' })
  classicUid = key.uid
  classic = ctx.as(key)
})
afterAll(() => ctx.sandbox.close())

describe('account mode: the other mode API is refused (40084 / 40085, HTTP 400)', () => {
  test('a unified key calling classic private endpoints gets 40085, and nothing is applied (ccxt uta setMarginMode)', async () => {
    const uid = [...ctx.sandbox.sandbox.state.accounts.keys()][0] ?? ''
    const before = ctx.sandbox.sandbox.state.positions.size
    const setMarginMode = await unified.post('/api/v2/mix/account/set-margin-mode', {
      ...pair,
      marginCoin: 'USDT',
      marginMode: 'isolated',
    })
    expect(setMarginMode).toMatchObject({ status: 400, body: unifiedRefusal })
    for (const answer of [
      await unified.post(classicPaths.place, order({ clientOid: 'mode-1' })),
      await unified.get(classicPaths.pending, { productType: 'USDT-FUTURES' }),
      await unified.get('/api/v2/mix/account/accounts', { productType: 'USDT-FUTURES' }),
      await unified.post('/api/v2/spot/wallet/transfer', {
        fromType: 'spot',
        toType: 'usdt_futures',
        amount: '1',
        coin: 'USDT',
      }),
      await unified.get('/api/v2/spot/account/transferRecords', { coin: 'USDT' }),
    ])
      expect(answer).toMatchObject({ status: 400, body: unifiedRefusal })
    expect(ctx.sandbox.sandbox.state.orders.all().filter((o) => o.uid === uid)).toEqual([])
    expect(ctx.sandbox.sandbox.state.positions.size).toBe(before)
  })

  test('a classic key calling unified private endpoints gets 40084, and nothing is applied', async () => {
    for (const answer of [
      await classic.post(paths.place, {
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        orderType: 'limit',
        side: 'buy',
        qty: '0.01',
        price: '60000',
        clientOid: 'mode-2',
      }),
      await classic.get(paths.unfilled, { category: 'SPOT' }),
      await classic.get('/api/v3/account/assets'),
      await classic.get('/api/v3/account/settings'),
      await classic.post('/api/v3/account/set-leverage', {
        category: 'USDT-FUTURES',
        symbol: 'BTCUSDT',
        leverage: '5',
      }),
    ])
      expect(answer).toMatchObject({ status: 400, body: classicRefusal })
    expect(ctx.sandbox.sandbox.state.orders.all().filter((o) => o.uid === classicUid)).toEqual([])
  })

  test('each mode keeps its own API: the unified key trades /api/v3, the classic key /api/v2/mix', async () => {
    expect((await unified.get(paths.unfilled, { category: 'SPOT' })).body.code).toBe('00000')
    const placed = await classic.post(classicPaths.place, order({ clientOid: 'mode-3' }))
    expect(placed.body.code).toBe('00000')
    expect(
      (await classic.get('/api/v2/mix/account/accounts', { productType: 'USDT-FUTURES' })).body
        .code,
    ).toBe('00000')
  })

  test('before any other rule: a request the rules refuse (40017) still gets the mode refusal', async () => {
    expect(await unified.post(classicPaths.place, { symbol: 'BTCUSDT' })).toMatchObject({
      status: 400,
      body: unifiedRefusal,
    })
    expect(await classic.post(paths.place, {})).toMatchObject({
      status: 400,
      body: classicRefusal,
    })
    // An injected fault of the path is not reached either (the mode refusal comes first).
    ctx.sandbox.admin.injectFault({
      path: classicPaths.pending,
      kind: 'code-before',
      code: '40725',
    })
    expect(await unified.get(classicPaths.pending, { productType: 'USDT-FUTURES' })).toMatchObject({
      status: 400,
      body: unifiedRefusal,
    })
    ctx.sandbox.admin.clearFaults()
  })

  test('after authentication: a wrong signature is still 40009, a wrong passphrase 40012', async () => {
    const { apiKey, secret } = ctx.sandbox.credentials
    const wrongSecret = ctx.as({
      apiKey,
      secret: `${secret.slice(0, -1)}0`,
      passphrase: ctx.sandbox.credentials.passphrase,
    })
    expect(
      (await wrongSecret.get(classicPaths.pending, { productType: 'USDT-FUTURES' })).body.code,
    ).toBe('40009')
    const wrongPassphrase = ctx.as({ apiKey, secret, passphrase: 'not-the-passphrase' })
    expect(
      (await wrongPassphrase.get(classicPaths.pending, { productType: 'USDT-FUTURES' })).body.code,
    ).toBe('40012')
  })

  test('public market endpoints answer every caller, signed by either mode or unsigned', async () => {
    for (const path of [
      '/api/v2/mix/market/ticker?productType=USDT-FUTURES&symbol=BTCUSDT',
      '/api/v3/market/tickers?category=USDT-FUTURES&symbol=BTCUSDT',
    ]) {
      const body = await (await fetch(`${ctx.sandbox.url}${path}`)).json()
      expect(body.code).toBe('00000')
    }
  })

  test('decision: savings (/api/v2/earn) and securities (/api/v3/stockplus) answer keys of both modes (no documented refusal)', async () => {
    for (const caller of [unified, classic]) {
      expect(
        (await caller.get('/api/v2/earn/savings/assets', { periodType: 'flexible' })).body.code,
      ).toBe('00000')
      expect((await caller.get('/api/v3/stockplus/asset/account')).body.code).toBe('00000')
    }
  })
})

describe('account mode: WebSocket', () => {
  test('decision: the private WebSocket login answers keys of both modes on /v3 and /v2 (no documented refusal)', async () => {
    const { apiKey, secret, passphrase } = ctx.sandbox.credentials
    const classicKey = [...ctx.sandbox.sandbox.state.keys.values()].find(
      (k) => k.uid === classicUid,
    )
    for (const credentials of [
      { apiKey, secret, passphrase },
      classicKey ?? { apiKey, secret, passphrase },
    ])
      for (const path of ['/v3/ws/private', '/v2/ws/private']) {
        const client = await connect(`${ctx.sandbox.wsUrl}${path}`)
        client.send(loginMessage(credentials, Math.floor(ctx.sandbox.admin.now() / 1000)))
        expect(await client.next()).toEqual({ event: 'login', code: 0, msg: '' })
        client.close()
      }
  })
})

describe('account mode: accounts and keys', () => {
  test('keys of one uid share its mode: addKey({ accountMode }) finds or opens an account of that mode, and refuses another mode for an existing uid', () => {
    const state = createState({ seed: 1 })
    const first = [...state.keys.values()][0]
    expect(first?.accountMode).toBe('unified')
    const classicKey = state.addKey({ accountMode: 'classic' })
    expect(classicKey.uid).not.toBe(first?.uid)
    expect(state.accountModeOf(classicKey.uid)).toBe('classic')
    // A second classic key joins the classic account; one with only the uid shares its mode.
    expect(state.addKey({ accountMode: 'classic' }).uid).toBe(classicKey.uid)
    expect(state.addKey({ uid: classicKey.uid }).accountMode).toBe('classic')
    expect(() => state.addKey({ uid: classicKey.uid, accountMode: 'unified' })).toThrow(
      /accountMode: the account \d+ is classic, and every key of a uid shares its mode/,
    )
    expect(() => state.addKey({ accountMode: 'hybrid' as never })).toThrow(
      /accountMode must be one of unified, classic/,
    )
  })

  test('startSandbox({ accountMode }) sets the default key account; data.accounts takes a mode per account', async () => {
    const sandbox = await start({ accountMode: 'classic' })
    try {
      expect((await sandbox.api.get(paths.unfilled, { category: 'SPOT' })).body).toMatchObject(
        classicRefusal,
      )
      expect(
        (await sandbox.api.get(classicPaths.pending, { productType: 'USDT-FUTURES' })).body.code,
      ).toBe('00000')
    } finally {
      await sandbox.sandbox.close()
    }
    const state = createState({
      accountMode: 'classic',
      data: {
        accounts: [
          { uid: '1001', positionMode: 'one_way', accountMode: 'unified' },
          { uid: '1002', positionMode: 'one_way' },
        ],
        keys: [{ uid: '1001' }, { uid: '1002' }],
      },
    })
    expect(state.accountModeOf('1001')).toBe('unified')
    expect(state.accountModeOf('1002')).toBe('classic')
    expect([...state.keys.values()].map((key) => key.accountMode)).toEqual(['unified', 'classic'])
  })

  test('POST /sandbox/keys takes accountMode, and GET /sandbox/state shows each account mode', async () => {
    const post = await fetch(`${ctx.sandbox.url}/sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountMode: 'classic' }),
    })
    const key = (await post.json()).data
    expect(key).toMatchObject({ uid: classicUid, accountMode: 'classic' })
    const refused = await fetch(`${ctx.sandbox.url}/sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountMode: 'uta' }),
    })
    expect((await refused.json()).code).toBe('40017')
    const state = (await (await fetch(`${ctx.sandbox.url}/sandbox/state`)).json()).data
    expect(
      Object.fromEntries(
        (state.accounts as { uid: string; accountMode: string }[]).map((a) => [
          a.uid,
          a.accountMode,
        ]),
      ),
    ).toMatchObject({
      [classicUid]: 'classic',
      [ctx.sandbox.sandbox.state.keys.values().next().value?.uid ?? '']: 'unified',
    })
  })

  test('which API a path belongs to', () => {
    expect(apiModeOf('/api/v2/mix/order/place-order')).toBe('classic')
    expect(apiModeOf('/api/v2/spot/wallet/transfer')).toBe('classic')
    expect(apiModeOf('/api/v3/trade/place-order')).toBe('unified')
    expect(apiModeOf('/api/v3/stockplus/trade/place-order')).toBeUndefined()
    expect(apiModeOf('/api/v2/earn/savings/subscribe')).toBeUndefined()
    expect(accountModeRefusal('/api/v3/account/assets', 'classic')).toBe(
      accountModeFailures.classic,
    )
    expect(accountModeRefusal('/api/v3/account/assets', 'unified')).toBeUndefined()
  })
})
