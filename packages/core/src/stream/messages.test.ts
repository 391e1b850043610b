// One server text read as what it means to a connection.
import { describe, expect, test } from 'vitest'
import { readServerMessage } from './messages.js'

describe('readServerMessage', () => {
  test('pong, login answers, refusals with and without a subscription, answers, pushes', () => {
    expect(readServerMessage('pong')).toEqual({ kind: 'pong' })
    expect(readServerMessage('{"event":"login","code":0}')).toEqual({
      kind: 'login',
      ok: true,
      code: 0,
      msg: '',
    })
    expect(readServerMessage('{"event":"error","code":30015,"msg":"Invalid sign"}')).toEqual({
      kind: 'error',
      code: 30015,
      msg: 'Invalid sign',
      arg: undefined,
    })
    expect(readServerMessage('{"event":"error","code":"30001","arg":{"topic":"x"}}')).toMatchObject(
      { kind: 'error', code: 30001, arg: { topic: 'x' } },
    )
    expect(readServerMessage('{"event":"subscribe","arg":{"topic":"order"}}')).toEqual({
      kind: 'subscribe',
      arg: { topic: 'order' },
    })
    expect(readServerMessage('not json')).toEqual({ kind: 'other' })
    expect(readServerMessage('{"event":"unsubscribe","arg":{}}')).toEqual({ kind: 'other' })
  })

  test('a push of one object (fast-fill) is a push of one record; ts read as a number', () => {
    const message = readServerMessage(
      '{"action":"update","arg":{"topic":"fast-fill"},"data":{"execId":"1"},"ts":"1700000000000"}',
    )
    expect(message).toEqual({
      kind: 'push',
      push: {
        action: 'update',
        arg: { topic: 'fast-fill' },
        data: [{ execId: '1' }],
        ts: 1700000000000,
      },
    })
  })
})
