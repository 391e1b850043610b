// Every numeric option of the unified client is validated by the rules' Options schemas: a bad
// value is a ValidationError naming the option and the rule, at the factory or at the call,
// before anything is sent.
import {
  at,
  callRefusals,
  credentials,
  expectRefusal,
  factoryRefusals,
  notWhole,
  recordingFetch,
  rows,
  setAt,
  shapeRows,
  streamShapeCases,
  thrown,
  tradingCases,
} from '@tradeline/fuzz/options'
import { describe, expect, test } from 'vitest'
import { createUnifiedBaseClient } from './createUnifiedBaseClient.js'
import { createUnifiedClient } from './createUnifiedClient.js'
import { DeadManSwitch } from './DeadManSwitch.js'
import { lookUpStrategyOrder } from './reconcile.js'
import { createUnifiedStream } from './stream/createUnifiedStream.js'

/** A client whose every request is recorded (and answered 500): nothing may reach it. */
function recorded() {
  const { fetch, sent } = recordingFetch()
  const client = createUnifiedClient({
    baseUrl: 'http://127.0.0.1:9',
    credentials,
    fetch,
    rateLimiter: false,
  })
  return Object.assign(client, { sent })
}

factoryRefusals('createUnifiedClient', createUnifiedClient as never, tradingCases)
factoryRefusals('createUnifiedBaseClient', createUnifiedBaseClient as never, tradingCases)

callRefusals<ReturnType<typeof recorded>>(() => {
  const client = recorded()
  return { client, sent: client.sent }
}, [
  ['orders.place', 'unified.placeOrder', (c, o) => c.orders.place({} as never, o)],
  ['orders.modify', 'unified.modifyOrder', (c, o) => c.orders.modify({} as never, o)],
  ['orders.cancel', 'unified.cancelOrder', (c, o) => c.orders.cancel({} as never, o)],
  ['strategy.place', 'strategy.placeStrategyOrder', (c, o) => c.strategy.place({} as never, o)],
  ['strategy.modify', 'strategy.modifyStrategyOrder', (c, o) => c.strategy.modify({} as never, o)],
  ['strategy.cancel', 'strategy.cancelStrategyOrder', (c, o) => c.strategy.cancel({} as never, o)],
  ['batch.place', 'unified.placeBatch', (c, o) => c.batch.place([{}] as never, o)],
  ['batch.modify', 'unified.batchModifyOrder', (c, o) => c.batch.modify([{}] as never, o)],
  ['batch.cancel', 'unified.cancelBatch', (c, o) => c.batch.cancel([{}] as never, o)],
  ['batch.placeOne', 'unified.placeBatch', (c, o) => c.batch.placeOne([{}] as never, o)],
  ['batch.modifyOne', 'unified.batchModifyOrder', (c, o) => c.batch.modifyOne([{}] as never, o)],
  ['batch.cancelOne', 'unified.cancelBatch', (c, o) => c.batch.cancelOne([{}] as never, o)],
])

describe('option validation: the dead-man switch, the stream and the strategy lookup', () => {
  test.each(
    rows([
      [['window'], [0, -10, 4, 61, ...notWhole]],
      [['interval'], [0, -1, 0.5, 10, Number.POSITIVE_INFINITY]],
      [['heartbeatTimeout'], [0, -1, 10, Number.POSITIVE_INFINITY]],
      [['timestampTolerance'], [-1, 3601, Number.POSITIVE_INFINITY]],
    ]),
  )(
    'option validation: DeadManSwitch %s = %s is refused naming it, nothing sent',
    (_, __, path, value) => {
      const client = recorded()
      expectRefusal(
        thrown(() => new DeadManSwitch(client, at(path, value))),
        'DeadManSwitch',
        path,
      )
      expect(client.sent).toEqual([])
    },
  )

  test.each(
    rows([
      [['pingIntervalMs'], [0, -1, ...notWhole]],
      [['pongTimeoutMs'], [0, -1, ...notWhole]],
      [['answerTimeoutMs'], [0, -1, ...notWhole]],
      [
        ['backoff', 'initialMs'],
        [0, -1, ...notWhole],
      ],
      [
        ['backoff', 'maxMs'],
        [0, -1, ...notWhole],
      ],
      [['maxAgeMs'], [0, -1, ...notWhole]],
    ]),
  )('option validation: createUnifiedStream %s = %s is refused naming it', (_, __, path, value) => {
    expectRefusal(
      thrown(() =>
        createUnifiedStream(recorded(), {
          credentials,
          url: 'ws://127.0.0.1:9',
          ...at(path, value),
        }),
      ),
      'createUnifiedStream',
      path,
    )
  })

  test.each(shapeRows(streamShapeCases))(
    'option validation: createUnifiedStream %s = %s (a shape it cannot use) is refused naming it',
    (_, __, path, value) => {
      expectRefusal(
        thrown(() =>
          createUnifiedStream(
            recorded(),
            setAt({ credentials, url: 'ws://127.0.0.1:9' }, path, value) as never,
          ),
        ),
        'createUnifiedStream',
        path,
      )
    },
  )

  test('before: a stream credential of the wrong type was quoted in the error (a numeric secret in the message); now only its type is named', () => {
    for (const bad of [
      { credentials: { apiKey: 'bg_key', secret: 99887766554433, passphrase: 'pass' } },
      { credentials: 'bg_key:99887766554433:pass' },
    ]) {
      const error = thrown(() =>
        createUnifiedStream(recorded(), { url: 'ws://127.0.0.1:9', ...bad } as never),
      ) as Error
      expect(error.name).toBe('ValidationError')
      expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('99887766554433')
    }
  })

  test.each(rows([[['highWaterMark'], [0, -1, ...notWhole]]]))(
    'option validation: stream.orders %s = %s is refused naming it, nothing opened',
    async (_, __, path, value) => {
      const stream = createUnifiedStream(recorded(), { credentials, url: 'ws://127.0.0.1:9' })
      try {
        expectRefusal(
          thrown(() => stream.orders(at(path, value))),
          'stream.orders',
          path,
        )
        expect(stream.state).toBe('idle')
      } finally {
        await stream.close()
      }
    },
  )

  test.each(rows([[['maxPages'], [0, -1, 1001, ...notWhole]]]))(
    'option validation: lookUpStrategyOrder %s = %s is refused naming it, nothing sent',
    async (_, __, path, value) => {
      const client = recorded()
      const error = await lookUpStrategyOrder(
        client,
        { category: 'USDT-FUTURES', clientOid: 'x' },
        at(path, value),
      ).catch((e: unknown) => e)
      expectRefusal(error, 'lookUpStrategyOrder', path)
      expect(client.sent).toEqual([])
    },
  )
})
