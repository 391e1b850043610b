import { OrderOutcomeUnknownError, ValidationError } from '@tradeline/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setup } from '../test/sandbox.js'
import { TransferFailedError, transfer } from './transfer.js'

let made: Awaited<ReturnType<typeof setup>>
let uid: string
beforeAll(async () => {
  made = await setup()
  uid = (made.sandbox.admin.state() as unknown as { accounts: { uid: string }[] }).accounts[0]!.uid
})
afterAll(async () => {
  await made.sandbox.close()
})

const path = '/api/v2/spot/wallet/transfer'
const out = { fromType: 'usdt_futures', toType: 'spot', coin: 'USDT' } as const
const usdt = () => made.sandbox.admin.state().balances[uid]?.USDT

describe('account.transfer against the sandbox', () => {
  test('moves funds out of the futures account with a generated clientOid; account.getTransfers reads it back', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setBalance('USDT', '1000', uid)
    const ack = await client.account.transfer({ ...out, amount: '100' })
    expect(ack).toEqual({ transferId: expect.any(String), clientOid: expect.any(String) })
    expect(usdt()).toBe('900')
    const [record] = await client.account.getTransfers({ coin: 'USDT', clientOid: ack.clientOid! })
    expect(record).toMatchObject({
      status: 'Successful',
      fromType: 'usdt_futures',
      toType: 'spot',
      size: '100',
      transferId: ack.transferId,
    })
    expect(client.sent).toEqual(['classic.transfer', 'classic.getTransferRecords'])
  })

  test('an unknown outcome that applied (45001 after the move) is settled by the transfer records: the transfer, sent once', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setBalance('USDT', '1000', uid)
    made.sandbox.admin.injectFault({ path, kind: 'code-after', code: '45001' })
    const ack = await transfer(client, { ...out, amount: '10', clientOid: 'tr-applied' })
    expect(ack).toEqual({ transferId: expect.any(String), clientOid: 'tr-applied' })
    expect(usdt()).toBe('990')
    expect(client.sent).toEqual(['classic.transfer', 'classic.getTransferRecords'])
  })

  test('an unknown outcome that did not apply is OrderOutcomeUnknownError; its retryWith (same clientOid) moves the funds once, and a second retry moves nothing more', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setBalance('USDT', '1000', uid)
    made.sandbox.admin.injectFault({ path, kind: 'code-before', code: '45001' })
    const error = await transfer(client, { ...out, amount: '25' }).catch((e: unknown) => e)
    expect(OrderOutcomeUnknownError.isInstance(error)).toBe(true)
    const { retryWith, clientOid } = error as OrderOutcomeUnknownError
    expect(retryWith).toMatchObject({ ...out, amount: '25', clientOid })
    expect(usdt()).toBe('1000')
    const first = await transfer(client, retryWith as never)
    const second = await transfer(client, retryWith as never)
    expect(second).toEqual(first)
    expect(usdt()).toBe('975')
  })

  test('an unknown outcome whose record says Failed is a TransferFailedError, not the transfer (was: returned as done)', async () => {
    const client = made.client({ instruments: false })
    made.sandbox.admin.setBalance('USDT', '1000', uid)
    const seeded = made.sandbox.admin.addTransfer({
      ...out,
      size: '30',
      clientOid: 'tr-failed',
      status: 'Failed',
      uid,
    })
    made.sandbox.admin.injectFault({ path, kind: 'code-before', code: '45001' })
    const error = await transfer(client, { ...out, amount: '30', clientOid: 'tr-failed' }).catch(
      (e: unknown) => e,
    )
    expect(TransferFailedError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ clientOid: 'tr-failed', transferId: seeded.transferId })
    expect((error as TransferFailedError).shortMessage).toBe(
      'The transfer tr-failed failed: the transfer records show it Failed.',
    )
    expect(usdt()).toBe('1000')
    expect(client.sent).toEqual(['classic.transfer', 'classic.getTransferRecords'])
  })

  test('decision: an unknown outcome whose record says Processing is the transfer (the exchange accepted it)', async () => {
    const client = made.client({ instruments: false })
    const seeded = made.sandbox.admin.addTransfer({
      ...out,
      size: '5',
      clientOid: 'tr-processing',
      status: 'Processing',
      uid,
    })
    made.sandbox.admin.injectFault({ path, kind: 'code-before', code: '45001' })
    const ack = await transfer(client, { ...out, amount: '5', clientOid: 'tr-processing' })
    expect(ack).toEqual({ transferId: seeded.transferId, clientOid: 'tr-processing' })
  })

  test('a bad transfer is a ValidationError naming the field and the rule; nothing is sent', async () => {
    const client = made.client({ instruments: false })
    const error = await client.account
      .transfer({ ...out, toType: 'usdt_futures', amount: '1' })
      .catch((e: unknown) => e)
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((i) => [i.type, i.path])).toEqual([
      ['value', ['toType']],
    ])
    expect(client.sent).toEqual([])
  })
})
