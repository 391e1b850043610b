// account.getInfo, getMaxWithdrawal, getOpenInterestLimit and getTransferableCoins against a
// strict sandbox over real HTTP: the info is the signing key's own (read back for a read-write and
// a read-only key), the max withdrawal and the transferable coins follow the balances as transfers
// move them, the OI limit reads "" as null, and a bad request is refused before sending.
import { ApiError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'

let made: Awaited<ReturnType<typeof setup>>
beforeAll(async () => {
  made = await setup()
})
afterAll(async () => {
  await made.sandbox.close()
})

let accounts = 0
/** A client of a fresh unified account (its own uid) with 1000 USDT, and its uid. */
function fresh(permissions: readonly ('trade_rw' | 'trade_ro')[] = ['trade_rw']) {
  const uid = String(9_830_000_000 + ++accounts)
  const { admin } = made.sandbox
  const credentials = admin.addKey({ uid, permissions })
  admin.setBalance('USDT', '1000', uid)
  return { uid, client: made.client({ credentials }) }
}

describe('account.getInfo', () => {
  test('answers the key\'s own uid and permissions; "" reads as null; sent once', async () => {
    const { uid, client } = fresh()
    const info = await client.account.getInfo()
    expect(info).toEqual({
      userId: uid,
      inviterId: null,
      parentId: null,
      channelCode: null,
      channel: null,
      ips: null,
      permType: 'read-and-write',
      permissions: ['uta_mgt', 'uta_trade'],
      regisTime: expect.stringMatching(/^\d+$/),
    })
    expect(client.sent).toEqual(['unified.getAccountInfo'])
  })

  test('a read-only key reads read-only', async () => {
    const { client } = fresh(['trade_ro'])
    expect((await client.account.getInfo()).permType).toBe('read-only')
  })

  test('a parameter the page does not list is refused before sending', async () => {
    const { client } = fresh()
    const error = await client.account.getInfo({ uid: '1' } as never).catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['unknown', ['uid']],
    ])
    expect(client.sent).toEqual([])
  })
})

describe('account.getMaxWithdrawal', () => {
  test('the unified, funding and p2p parts and their total follow the transfers, as decimal strings', async () => {
    const { client } = fresh()
    expect(await client.account.getMaxWithdrawal({ coin: 'USDT' })).toEqual({
      coin: 'USDT',
      otcMaxWithdrawal: '0',
      spotMaxWithdrawal: '0',
      utaMaxWithdrawal: '1000',
      totalMaxWithdrawal: '1000',
    })
    await client.account.transfer({ fromType: 'uta', toType: 'spot', coin: 'USDT', amount: '250' })
    await client.account.transfer({ fromType: 'spot', toType: 'p2p', coin: 'USDT', amount: '50' })
    expect(await client.account.getMaxWithdrawal({ coin: 'USDT' })).toEqual({
      coin: 'USDT',
      otcMaxWithdrawal: '50',
      spotMaxWithdrawal: '200',
      utaMaxWithdrawal: '750',
      totalMaxWithdrawal: '1000',
    })
  })

  test('without coin it is refused before sending, naming coin', async () => {
    const { client } = fresh()
    const error = await client.account.getMaxWithdrawal({} as never).catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['coin']],
    ])
    expect(client.sent).toEqual([])
  })
})

describe('account.getOpenInterestLimit', () => {
  test('a listed futures symbol: the sandbox imposes no limit ("" read as null), marketMakerLimit "0"', async () => {
    const { client } = fresh()
    expect(
      await client.account.getOpenInterestLimit({ category: 'USDT-FUTURES', symbol: 'BTCUSDT' }),
    ).toEqual({
      symbol: 'BTCUSDT',
      singleUserLimit: null,
      masterSubLimit: null,
      marketMakerLimit: '0',
    })
  })

  test('a symbol not listed arrives as an ApiError 40034; a spot category is refused before sending', async () => {
    const { client } = fresh()
    const unknown = await client.account
      .getOpenInterestLimit({ category: 'USDT-FUTURES', symbol: 'NOPEUSDT' })
      .catch((e: unknown) => (ApiError.isInstance(e) ? e.code : e))
    expect(unknown).toBe('40034')
    client.sent.length = 0
    const error = await client.account
      .getOpenInterestLimit({ category: 'SPOT', symbol: 'BTCUSDT' } as never)
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['value', ['category']],
    ])
    expect(client.sent).toEqual([])
  })
})

describe('account.getTransferableCoins', () => {
  test('the coins the sending account holds free, as transfers move them', async () => {
    const { uid, client } = fresh()
    const held = Object.keys(made.sandbox.admin.state().balances[uid] ?? {})
    expect(await client.account.getTransferableCoins({ fromType: 'uta', toType: 'spot' })).toEqual(
      held,
    )
    expect(await client.account.getTransferableCoins({ fromType: 'spot', toType: 'uta' })).toEqual(
      [],
    )
    await client.account.transfer({ fromType: 'uta', toType: 'spot', coin: 'USDT', amount: '1' })
    expect(await client.account.getTransferableCoins({ fromType: 'spot', toType: 'uta' })).toEqual([
      'USDT',
    ])
  })

  test('without toType it is refused before sending, naming toType', async () => {
    const { client } = fresh()
    const error = await client.account
      .getTransferableCoins({ fromType: 'uta' } as never)
      .catch((e: unknown) => e)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['missing', ['toType']],
    ])
    expect(client.sent).toEqual([])
  })
})
