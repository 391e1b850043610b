/**
 * Redaction of every spelling an upstream may echo a secret in: generated secrets with special
 * characters, each echoed in each spelling, through the redactor; then the paths that copied
 * texts unredacted: a success envelope whose data does not fit a client's schema, a stream
 * login refused with a message that quotes the login, and a pushed record a reader refuses.
 */

import { inspect } from 'node:util'
import { fc, test as property } from '@fast-check/vitest'
import { Unified } from '@tradeline/rules'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocketServer } from 'ws'
import type { SyncedClock } from './Clock.js'
import { sendRequest } from './calls.js'
import { loginArgRedactor, redactValues, SecretCredentials } from './internal/secrets.js'
import { createStreamConnection } from './stream/createStreamConnection.js'
import type { StreamPushError } from './stream/errors.js'
import { streamLogin } from './stream/options.js'
import { createPrivateStream } from './stream/privateStream.js'
import { createTransport } from './test/http.js'
import { startTestServer, type TestServer, testCredentials } from './test/server.js'

const bytes = (value: string) => [...new TextEncoder().encode(value)]
const base64 = (value: string) => Buffer.from(value, 'utf8').toString('base64')
const lowerPercent = (text: string) => text.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())

/** The echo spellings, each written here independently of the redactor's own list. */
const echoes: Record<string, (value: string) => string> = {
  raw: (value) => value,
  hex: (value) =>
    bytes(value)
      .map((b) => b.toString(16).padStart(2, '0'))
      .join(''),
  HEX: (value) =>
    bytes(value)
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase(),
  percent: (value) => encodeURIComponent(value),
  lowercasePercent: (value) => lowerPercent(encodeURIComponent(value)),
  encodeURI: (value) => encodeURI(value),
  form: (value) => new URLSearchParams({ v: value }).toString().slice(2),
  doublePercent: (value) => encodeURIComponent(encodeURIComponent(value)),
  lowercaseDoublePercent: (value) => lowerPercent(encodeURIComponent(encodeURIComponent(value))),
  unicodeEscapes: (value) =>
    [...value].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  unicodeEscapesUpper: (value) =>
    [...value]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`)
      .join(''),
  base64: (value) => base64(value),
  base64Unpadded: (value) => base64(value).replace(/=+$/, ''),
  base64url: (value) => base64(value).replaceAll('+', '-').replaceAll('/', '_'),
  base64urlUnpadded: (value) =>
    base64(value).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''),
}

/**
 * The ways an upstream may rewrite a value that is itself base64 text (a signature): in the
 * URL-safe alphabet, padded or not, or only without its padding.
 */
const base64Rewrites: Record<string, (value: string) => string> = {
  url: (value) => value.replaceAll('+', '-').replaceAll('/', '_'),
  urlUnpadded: (value) => value.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''),
  unpadded: (value) => value.replace(/=+$/, ''),
}

/** Secrets of 12 to 40 characters of ASCII with the characters encoders treat specially, and a few non-ASCII ones. */
const secretText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...' +/=%&?#:;,@!*()\'"\\<>~é€中'.split('')),
      fc.constantFrom(
        ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''),
      ),
    ),
    { minLength: 12, maxLength: 40 },
  )
  .map((chars) => chars.join(''))

describe('redaction in every spelling', () => {
  property.prop([secretText, secretText, fc.constantFrom(...Object.keys(echoes))], {
    numRuns: 300,
  })('a secret or passphrase echoed in any spelling is redacted', (secret, passphrase, name) => {
    const credentials = new SecretCredentials('bg_key_0123456789', passphrase, { secret })
    const spell = echoes[name] as (value: string) => string
    const text = `upstream said <${spell(secret)}> and [${spell(passphrase)}] at 12:00`
    const out = credentials.redactor('c2lnbmF0dXJlLW9mLWF0dGVtcHQ=')(text)
    expect(out).not.toContain(spell(secret))
    expect(out).not.toContain(spell(passphrase))
    expect(out).toContain('upstream said <')
  })

  test('the signature of the attempt, and a recent one read after its call, in every spelling', () => {
    const credentials = new SecretCredentials('bg_key_0123456789', 'pass phrase+1', {
      secret: 'secret/with=chars',
    })
    const signature = 'Zm9vYmFyK2Jhei9xdXg9PQ+/abc='
    credentials.noteSignature(signature)
    for (const spell of Object.values(echoes)) {
      expect(credentials.redactor(signature)(`x ${spell(signature)} y`)).toBe('x [redacted] y')
      expect(credentials.redactor()(`x ${spell(signature)} y`)).toBe('x [redacted] y')
    }
  })
  test('a signature (base64 text) rewritten in the URL-safe alphabet or without its padding, through the transport and the stream login redactor', () => {
    const credentials = new SecretCredentials('bg_key_0123456789', 'pass phrase+1', {
      secret: 'secret/with=chars',
    })
    const signature = 'Zm9vYmFyK2Jhei9xdXg9PQ+/abc='
    const login = loginArgRedactor({
      apiKey: 'bg_key_0123456789',
      passphrase: 'p',
      sign: signature,
    })
    // Before the fix each came through whole.
    for (const rewrite of Object.values(base64Rewrites)) {
      const text = `x ${rewrite(signature)} y`
      expect(credentials.redactor(signature)(text)).not.toContain(rewrite(signature))
      expect(login(text)).not.toContain(rewrite(signature))
    }
  })
})

describe('redactValues', () => {
  test('every text of a record, keys and nested ones, redacted; other values kept', () => {
    const redact = loginArgRedactor({ apiKey: 'bg_key_0123', passphrase: 'pp"<x', sign: 's+/=' })
    const out = redactValues(
      { topic: 'order', 'pp"<x': 's+/=', n: 3, deep: { list: ['s%2B%2F%3D', 1, null] } },
      redact,
    )
    expect(out).toEqual({
      topic: 'order',
      '[redacted]': '[redacted]',
      n: 3,
      deep: { list: ['[redacted]', 1, null] },
    })
  })
})

describe('texts a client copies from a response', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  test('a success envelope whose data does not fit the schema: the ResponseError quotes no secret', async () => {
    const transport = createTransport({ baseUrl: server.url, credentials: testCredentials })
    const { secret, passphrase } = testCredentials
    const echoed = Object.values(echoes).flatMap((spell) => [spell(secret), spell(passphrase)])
    for (const value of echoed) {
      server.script({ kind: 'ok', data: { orderId: 42, note: value } })
      const error = await sendRequest(
        transport,
        Unified.getFills,
        {},
        v.object({ orderId: v.literal(value) }),
      ).catch((e: unknown) => e as Error)
      const shown = `${(error as Error).message} ${JSON.stringify(error)}`
      expect(shown).toContain('ResponseError')
      server.script({ kind: 'ok', data: value })
      const whole = await sendRequest(transport, Unified.getFills, {}, v.number()).catch(
        (e: unknown) => e as Error,
      )
      const wholeShown = `${(whole as Error).message} ${JSON.stringify(whole)}`
      for (const spelled of echoed) {
        expect(shown).not.toContain(spelled)
        expect(wholeShown).not.toContain(spelled)
      }
    }
  })
})

/** An upstream on 127.0.0.1 that answers each client message with `answer`, and a clock. */
async function echoingUpstream(
  answer: (
    socket: { send(text: string): void },
    message: { op: string; args: Record<string, unknown>[] },
  ) => void,
) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server.on('connection', (socket) => {
    socket.on('message', (raw) => answer(socket, JSON.parse(String(raw))))
  })
  await new Promise((resolve) => server.once('listening', resolve))
  const port = (server.address() as { port: number }).port
  const clock: SyncedClock = {
    now: () => Date.now(),
    synced: true,
    sync: async () => 0,
    offset: 0,
    uncertainty: 0,
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    login: streamLogin('unified.stream', clock, { credentials: testCredentials }),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** Every echo spelling of the passphrase, `sign` and the secret, joined. */
const quoteAll = (passphrase: string, sign: string) =>
  Object.values(echoes)
    .map((spell) => `${spell(passphrase)} ${spell(sign)} ${spell(testCredentials.secret)}`)
    .join(' | ')

describe('a stream login refused with a message quoting the login', () => {
  test('StreamLoginError.msg, message and JSON carry no passphrase, sign or secret', async () => {
    const { apiKey, secret, passphrase } = testCredentials
    let sent = ''
    const upstream = await echoingUpstream((socket, message) => {
      if (message.op !== 'login') return
      const arg = message.args[0] as Record<string, string>
      sent = arg.sign as string
      const quoted = quoteAll(arg.passphrase as string, sent)
      socket.send(
        JSON.stringify({ event: 'error', code: 30015, msg: `bad login for ${apiKey}: ${quoted}` }),
      )
    })
    const connection = createStreamConnection({
      url: upstream.url,
      onPush: () => {},
      login: upstream.login,
    })
    try {
      const error = (await connection.ready().catch((e: unknown) => e)) as Error & { msg: string }
      expect(error.name).toBe('StreamLoginError')
      expect(error.msg).toContain('bad login')
      const shown = `${error.message} ${error.msg} ${JSON.stringify(error)}`
      for (const spell of Object.values(echoes))
        for (const value of [passphrase, sent, secret]) expect(shown).not.toContain(spell(value))
      expect(shown).not.toContain(apiKey)
      expect(shown).toContain('bg_t…')
    } finally {
      await connection.close()
      await upstream.close()
    }
  })
})

describe('a private stream push its reader refuses, quoting the login', () => {
  test('a StreamPushError names the field, its value redacted, and keeps no part of the record', async () => {
    let sent = ''
    const upstream = await echoingUpstream((socket, message) => {
      if (message.op === 'login') {
        sent = String(message.args[0]?.sign)
        return socket.send(JSON.stringify({ event: 'login', code: 0 }))
      }
      const arg = message.args[0]
      socket.send(JSON.stringify({ event: 'subscribe', arg }))
      const quoted = quoteAll(testCredentials.passphrase, sent)
      socket.send(JSON.stringify({ arg, data: [{ orderId: quoted, note: quoted }] }))
    })
    const errors: unknown[] = []
    const stream = createPrivateStream({
      connection: { url: upstream.url, login: upstream.login },
      topics: {
        order: {
          arg: { instType: 'UTA', topic: 'order' },
          kind: 'event',
          read: (raw) => v.parse(v.object({ orderId: v.picklist(['1', '2']) }), raw),
        },
      },
      nameOf: (arg) => String(arg.topic),
      now: Date.now,
    })
    stream.onConnection((event) => {
      if (event.type === 'error') errors.push(event.error)
    })
    try {
      stream.on('order', () => {})
      await stream.ready()
      for (let i = 0; i < 400 && errors.length === 0; i++)
        await new Promise((r) => setTimeout(r, 5))
      const error = errors[0] as StreamPushError
      expect(error.name).toBe('StreamPushError')
      expect(error.topic).toBe('order')
      expect(error.problem).toMatch(/^orderId: Invalid type: .*\[redacted\]/)
      const shown = `${error.message} ${JSON.stringify(error)} ${inspect(error, { showHidden: true, depth: null })}`
      for (const spell of Object.values(echoes))
        for (const value of [testCredentials.passphrase, sent, testCredentials.secret])
          expect(shown).not.toContain(spell(value))
      expect(shown).not.toContain('note')
    } finally {
      await stream.close()
      await upstream.close()
    }
  })
})
