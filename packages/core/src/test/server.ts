/**
 * A tiny exchange on loopback for the transport tests: it checks signatures independently with
 * node:crypto and answers from a script, so every failure mode can be produced on demand. (The
 * sandbox package covers the real endpoints; this covers POST and exact HTTP failures.)
 */
import { createHmac, generateKeyPairSync, type KeyObject, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTransport } from './http.js'

export const testCredentials = {
  apiKey: 'bg_test_key',
  secret: 'test-secret-value',
  passphrase: 'test-pass-phrase',
}

/** What the server received. */
export type Received = {
  method: string
  path: string
  rawQuery: string
  headers: IncomingMessage['headers']
  body: string
  /** Whether ACCESS-SIGN matched the independent computation (undefined when unsigned). */
  signatureValid: boolean | undefined
}

/** One scripted answer. */
export type Step =
  | { kind: 'ok'; data?: unknown }
  | { kind: 'code'; code: string; msg?: string; status?: number; headers?: Record<string, string> }
  | { kind: 'status'; status: number; body: string; headers?: Record<string, string> }
  | { kind: 'drop' }
  | { kind: 'hang' }
  /**
   * Reflects the request headers into the body, as a misconfigured proxy or a chatty upstream
   * does: `page` is an HTML page listing them (plus `text`, raw, before them), `envelope` an
   * envelope whose `msg` quotes them (plus `text`), `json` a non-envelope JSON object of them
   * written with `\/` escapes (as PHP's json_encode does).
   */
  | { kind: 'echo'; as: 'page' | 'envelope' | 'json'; status: number; code?: string; text?: string }

export type TestServer = {
  url: string
  received: Received[]
  /** Answers of the next requests, in order; then `ok` with the default data. */
  script(...steps: Step[]): void
  /** The server time `/api/v2/public/time` answers. */
  serverTime: () => number
  close(): Promise<void>
}

/** The prehash computed from the wire: decoded values, keys sorted. */
export function wirePrehash(
  timestamp: string,
  method: string,
  path: string,
  rawQuery: string,
  body: string,
) {
  const entries = [...new URLSearchParams(rawQuery).entries()].sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  )
  const query = entries.map(([k, v]) => `${k}=${v}`).join('&')
  return `${timestamp}${method}${path}${query ? `?${query}` : ''}${body}`
}

/** An RSA key pair made once per test file that asks (never committed): the PEMs and the public key. */
export function testRsaKey(): { pkcs8: string; pkcs1: string; publicKey: KeyObject } {
  if (rsaKey) return rsaKey
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  rsaKey = {
    pkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pkcs1: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKey,
  }
  return rsaKey
}
let rsaKey: ReturnType<typeof testRsaKey> | undefined

/**
 * Starts the test exchange. Signatures are checked with HMAC-SHA256 of `testCredentials.secret`,
 * or, given `publicKey`, with RSA (SHA-256, PKCS#1 v1.5) against it.
 */
export async function startTestServer(
  options: { serverTime?: () => number; publicKey?: KeyObject | undefined } = {},
): Promise<TestServer> {
  const received: Received[] = []
  let steps: Step[] = []
  const hanging = new Set<ServerResponse>()
  const state = { serverTime: options.serverTime ?? (() => Date.now()) }
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
    })
    req.on('end', () => {
      const [path = '', rawQuery = ''] = (req.url ?? '').split('?')
      const sign = req.headers['access-sign']
      const timestamp = String(req.headers['access-timestamp'] ?? '')
      const text = wirePrehash(timestamp, req.method ?? '', path, rawQuery, body)
      const signatureValid =
        typeof sign !== 'string'
          ? undefined
          : options.publicKey
            ? verify('sha256', Buffer.from(text), options.publicKey, Buffer.from(sign, 'base64'))
            : createHmac('sha256', testCredentials.secret).update(text).digest('base64') === sign
      received.push({
        method: req.method ?? '',
        path,
        rawQuery,
        headers: req.headers,
        body,
        signatureValid,
      })
      const envelope = (code: string, msg: string, data: unknown) =>
        JSON.stringify({ code, msg, requestTime: 1700000000000, data })
      if (path === '/api/v2/public/time') {
        res.setHeader('content-type', 'application/json')
        res.end(envelope('00000', 'success', { serverTime: String(state.serverTime()) }))
        return
      }
      const step = steps.shift() ?? { kind: 'ok' }
      if (signatureValid === false) {
        res.statusCode = 400
        res.end(envelope('40009', 'sign signature error', null))
        return
      }
      switch (step.kind) {
        case 'ok':
          res.setHeader('content-type', 'application/json')
          res.end(envelope('00000', 'success', step.data ?? { echo: path }))
          return
        case 'code':
          res.statusCode = step.status ?? 400
          for (const [k, v] of Object.entries(step.headers ?? {})) res.setHeader(k, v)
          res.end(envelope(step.code, step.msg ?? `message ${step.code}`, null))
          return
        case 'status':
          res.statusCode = step.status
          for (const [k, v] of Object.entries(step.headers ?? {})) res.setHeader(k, v)
          res.end(step.body)
          return
        case 'drop':
          req.socket.destroy()
          return
        case 'hang':
          hanging.add(res)
          return
        case 'echo':
          res.statusCode = step.status
          res.end(echo(step, req.headers))
          return
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script: (...next) => {
      steps = next
    },
    get serverTime() {
      return state.serverTime
    },
    set serverTime(value) {
      state.serverTime = value
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function echo(step: Extract<Step, { kind: 'echo' }>, headers: IncomingMessage['headers']): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}`)
  const text = step.text ?? ''
  switch (step.as) {
    case 'page':
      return `<html><body><h1>502 Bad Gateway</h1><p>${text}</p><pre>${lines.join('\n')}</pre><p>${encodeURIComponent(lines.join('&'))}</p></body></html>`
    case 'envelope':
      return JSON.stringify({
        code: step.code ?? '40012',
        msg: `${text} rejected request with headers ${lines.join(', ')}`,
        requestTime: 1700000000000,
        data: null,
      })
    case 'json':
      return JSON.stringify({ error: text, headers }).replaceAll('/', '\\/')
  }
}

/** For `.catch(caught)`: the rejection, typed loosely so tests can read its fields. */
export const caught = (error: unknown): any => error

/** For `.then(unexpected, caught)`: a call that must fail. */
export const unexpected = (value: unknown): never => {
  throw new Error(`expected the call to fail, got ${JSON.stringify(value)}`)
}

/** A transport of `server` whose retry waits resolve at once and are recorded in `waits`. */
export function testTransport(
  server: TestServer,
  options: Parameters<typeof createTransport>[0] = {},
) {
  const waits: number[] = []
  const instance = createTransport({
    baseUrl: server.url,
    credentials: testCredentials,
    ...options,
    retry: { wait: async (ms) => void waits.push(ms), random: () => 0.5, ...options.retry },
  })
  return Object.assign(instance, { waits })
}
