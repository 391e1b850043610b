import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { declarations, interfaceFields, returnedFields } from './declared.js'

describe('interfaceFields', () => {
  test('reads required, optional and nested members, skipping comments', () => {
    const source = `export interface A {
    id: string;
    /** a note; with a semicolon */
    note?: string;
    list: {
        orderId: string;
        code?: string;
    }[];
    side: 'long' | 'short';
}`
    expect(interfaceFields(source, 'A')).toEqual([
      { name: 'id', optional: false, type: 'string' },
      { name: 'note', optional: true, type: 'string' },
      { name: 'list', optional: false, type: expect.stringMatching(/^\{[\s\S]*\}\[\]$/) },
      { name: 'side', optional: false, type: "'long' | 'short'" },
    ])
  })

  test('refuses an absent interface and one that extends another', () => {
    expect(() => interfaceFields('', 'A')).toThrow('interface A not found')
    expect(() => interfaceFields('export interface A extends B { id: string; }', 'A')).toThrow(
      'interface A extends another',
    )
  })
})

describe('returnedFields', () => {
  test('reads the inline object type a method resolves to, nested lists included', () => {
    const source = `export declare class C {
    m(params: P): Promise<APIResponse<{
        orderId: string;
        list: {
            id: string;
        }[];
    }>>;
    n(params: P): Promise<APIResponse<Named>>;
}`
    expect(returnedFields(source, 'm')).toEqual([
      { name: 'orderId', optional: false, type: 'string' },
      { name: 'list', optional: false, type: expect.stringMatching(/^\{[\s\S]*\}\[\]$/) },
    ])
    expect(() => returnedFields(source, 'n')).toThrow(
      'method n resolving to an inline object type not found',
    )
  })
})

describe('declarations of bitget-api', () => {
  const sdk = dirname(createRequire(import.meta.url).resolve('bitget-api'))
  const trade = declarations(join(sdk, 'types/response/v3/trade.d.ts'))

  test('PlaceOrderResponseV3 and OrderInfoV3 as the SDK declares them', () => {
    expect(trade.fields('PlaceOrderResponseV3')).toEqual([
      { name: 'orderId', optional: false, type: 'string' },
      { name: 'clientOid', optional: false, type: 'string' },
    ])
    const fields = trade.fields('OrderInfoV3')
    expect(fields).toContainEqual({ name: 'feeDetail', optional: false, type: 'FeeDetailV3[]' })
    expect(fields).toContainEqual({ name: 'stpMode', optional: true, type: 'string' })
  })

  test('missing: absent required fields, wrong JSON types and nested records, in depth', () => {
    expect(
      trade.missing({ orderId: 1, feeDetail: [{ feeCoin: 'USDT', fee: null }, {}] }, 'FillV3'),
    ).toEqual([
      'FillV3.execId: missing',
      'FillV3.orderId: string expected, got 1',
      'FillV3.category: missing',
      'FillV3.symbol: missing',
      'FillV3.orderType: missing',
      'FillV3.side: missing',
      'FillV3.execPrice: missing',
      'FillV3.execQty: missing',
      'FillV3.execValue: missing',
      'FillV3.tradeScope: missing',
      'FillV3.feeDetail[1].feeCoin: missing',
      'FillV3.feeDetail[1].fee: missing',
      'FillV3.createdTime: missing',
      'FillV3.updatedTime: missing',
    ])
    expect(trade.missing({ orderId: '1', clientOid: '' }, 'PlaceOrderResponseV3')).toEqual([])
  })

  test('v2 futures: inline results of RestClientV2 methods, checked in depth', () => {
    const client = declarations(join(sdk, 'rest-client-v2.d.ts'))
    expect(client.returned('futuresSubmitOrder')).toEqual([
      { name: 'orderId', optional: false, type: 'string' },
      { name: 'clientOid', optional: false, type: 'string' },
    ])
    const futures = declarations(join(sdk, 'types/response/v2/futures.d.ts'))
    expect(
      futures.missing(
        { successList: [{ orderId: '1' }], failureList: [] },
        'FuturesBatchOrderResponseV2',
      ),
    ).toEqual(['FuturesBatchOrderResponseV2.successList[0].clientOid: missing'])
    expect(
      client.missing({ orderId: 1, clientOid: 'a' }, client.returned('futuresCancelOrder')),
    ).toEqual(['data.orderId: string expected, got 1'])
  })
})
