import { ValidationError } from '@tradeline/rules/shared'
import { describe, expect, test } from 'vitest'
import type { SyncedClock } from '../Clock.js'
import { loginRedaction } from '../internal/secrets.js'
import { testCredentials } from '../test/server.js'
import { streamLogin } from './options.js'

/** A synchronised clock that a test moves by hand. */
function handClock(): SyncedClock & { at: number } {
  const clock = {
    at: 1_700_000_000_000,
    now: () => clock.at,
    synced: true,
    sync: async () => 0,
    offset: 0,
    uncertainty: 0,
  }
  return clock
}

describe('streamLogin', () => {
  test("an answer after a later login that quotes an earlier login's signature is redacted too", async () => {
    const clock = handClock()
    const login = streamLogin('unified.stream', clock, { credentials: testCredentials })
    const first = String((await login(false)).sign)
    clock.at += 5_000
    const second = String((await login(false)).sign)
    expect(first).not.toBe(second)
    const redact = (login as unknown as Record<symbol, (text: string) => string>)[loginRedaction]
    const text = redact?.(`refused: ${first} and ${second}`) ?? ''
    expect([text.includes(first), text.includes(second), text.startsWith('refused: ')]).toEqual([
      false,
      false,
      true,
    ])
  })

  test.each([
    ['a number', 1234],
    ['null', null],
    ['absent', undefined],
  ])(
    'a passphrase that is no string (%s) is refused at creation, naming the field and not the value',
    (_, passphrase) => {
      const credentials = { ...testCredentials, passphrase } as unknown as typeof testCredentials
      let caught: unknown
      try {
        streamLogin('unified.stream', handClock(), { credentials })
      } catch (error) {
        caught = error
      }
      expect(ValidationError.isInstance(caught)).toBe(true)
      const message = (caught as Error).message
      expect(message).toContain('credentials.passphrase')
      expect(message).not.toContain('1234')
    },
  )
})
