/**
 * The secret scan of every client (the fault campaign): every failure path of a client against a sandbox
 * on 127.0.0.1, with an upstream that echoes the credentials back (the sandbox's `echo` fault),
 * and every way an error, a hook payload, a log line or the client itself can be printed, checked
 * for the API secret, the passphrase and every signature sent, in the spellings a leak can take.
 */
import { generateKeyPairSync } from 'node:crypto'
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

/**
 * Distinctive credentials: characters that JSON, URLs and HTML escape (`"`, `/`, `+`, `<`, `&`), so
 * a leak in any of those spellings is caught. The passphrase is sent in a header: ASCII only.
 */
export const sentinel = {
  secret: 'sec/"+<>&Sentinel=5e1b-ü÷-4c2d8a',
  passphrase: 'pass"<&/+Sentinel-9f3a71',
} as const

/** The spellings a leaked value can take: raw, base64/base64url (padded or not), percent-encoded (upper and lower hex, encodeURI, form, twice), hex, JSON-, \u- and HTML-escaped. */
export function spellings(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1)
  const base64 = Buffer.from(value, 'utf8').toString('base64')
  const url = (text: string) => text.replaceAll('+', '-').replaceAll('/', '_')
  const lower = (text: string) => text.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())
  const component = encodeURIComponent(value)
  const hex = Buffer.from(value, 'utf8').toString('hex')
  return [
    ...new Set([
      value,
      base64,
      base64.replace(/=+$/, ''),
      url(base64).replace(/=+$/, ''),
      component,
      lower(component),
      encodeURI(value),
      new URLSearchParams({ v: value }).toString().slice(2),
      encodeURIComponent(component),
      lower(encodeURIComponent(component)),
      hex,
      hex.toUpperCase(),
      json,
      json.replaceAll('/', '\\/'),
      [...value].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
      value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
      value
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;')
        .replaceAll('"', '&quot;'),
    ]),
  ]
}

/** Every way a value ends up in a log: JSON, `util.inspect` (hidden, any depth), `String`, message, stack and cause chain. */
export function renderings(value: unknown): string[] {
  const out: string[] = []
  const seen = new Set<unknown>()
  for (let current = value, depth = 0; depth < 10 && !seen.has(current); depth++) {
    seen.add(current)
    let json = ''
    try {
      json = JSON.stringify(current) ?? ''
    } catch (error) {
      json = String(error)
    }
    out.push(
      json,
      inspect(current, { showHidden: true, depth: Number.POSITIVE_INFINITY, getters: true }),
      String(current),
    )
    if (!(current instanceof Error)) break
    out.push(current.message, current.stack ?? '')
    const msg = (current as { msg?: unknown }).msg
    if (typeof msg === 'string') out.push(msg)
    current = current.cause
  }
  return out
}

/** What a failure path of a client did. */
export type Caught = { readonly error: unknown }

/** The options of a client the scan makes (each client package maps them to its factory). */
export type ScanClientOptions = {
  baseUrl: string
  credentials?:
    | { apiKey: string; passphrase: string; secret?: string; privateKey?: string }
    | undefined
  fetch: typeof globalThis.fetch
  hooks: Record<'request' | 'response' | 'retry' | 'error', (event: unknown) => void>
  timeout: number
  retry: { limit: number }
  clock?: { now(): number } | undefined
  reconcile?: false | { attempts: number; baseDelayMs: number } | undefined
}

/** One call of a client and the sandbox path it goes to. */
export type ScanCall<client> = {
  readonly path: string
  call(client: client): Promise<unknown>
}

/** A product line for the scan. */
export type ScanLine<client> = {
  /** The line's name in test titles. */
  readonly name: string
  /** The sandbox (structurally: its URL and admin handle). */
  sandbox(): {
    readonly url: string
    readonly admin: {
      injectFault(fault: Record<string, unknown>): unknown
      clearFaults(): void
      addKey(key: Record<string, unknown>): { apiKey: string }
      now(): number
    }
  }
  /** Permissions of the scan's key. @default ['trade_rw'] */
  readonly permissions?: readonly string[] | undefined
  /** Makes a client of the line. */
  client(options: ScanClientOptions): client
  /** A signed read. */
  readonly read: ScanCall<client>
  /** A state-changing call, when the line has one. */
  readonly write?: ScanCall<client> | undefined
  /** Whether the client reconciles an unknown outcome of `write` (by clientOid). */
  readonly reconciles: boolean
  /** A call the client refuses before sending (a `ValidationError`). */
  invalid(client: client): Promise<unknown>
  /** Whether an error is a tradeline error (`BaseError.isInstance`). */
  typed(error: unknown): boolean
}

/** A PEM-looking RSA private key (not a working key): its lines are key material to look for. */
const fakeKeyLines = [
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDSentinelKeyLine1',
  'q9wZ2Xb7SentinelKeyLine2uVw3o9ak4Xh1l5eXg7b1Yf2s8d9WqZ2t1Q0n0Zb0x',
]

/**
 * Registers the scan of one line: each failure path (exchange refusals with the credentials
 * echoed in `msg` and in a non-JSON page, 429, unknown outcomes and their reconciliation, a lost
 * connection, timeouts, a refusal before sending, missing credentials, a bad private key, a
 * failed resynchronisation after 40008) is driven once, and every rendering of its error, every
 * hook payload, every log line and the client itself are checked for the secret, the passphrase
 * and each signature sent, in every spelling.
 */
export function describeSecretScan<client>(line: ScanLine<client>): void {
  let key: { apiKey: string }
  /** An RSA key of the account (the sandbox holds its public key), and its PEM lines. */
  let rsa: { apiKey: string; pem: string; lines: string[] }
  let signatures: string[] = []
  let events: unknown[] = []
  let logs: unknown[][] = []
  const scanned: Record<string, number> = {}

  beforeAll(() => {
    key = line.sandbox().admin.addKey({
      secret: sentinel.secret,
      passphrase: sentinel.passphrase,
      permissions: line.permissions ?? ['trade_rw'],
    })
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const { apiKey } = line.sandbox().admin.addKey({
      publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      passphrase: sentinel.passphrase,
      permissions: line.permissions ?? ['trade_rw'],
    })
    rsa = {
      apiKey,
      pem,
      lines: pem.split('\n').filter((l) => l.length >= 16 && !l.startsWith('-----')),
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args))
  })
  afterAll(() => {
    vi.restoreAllMocks()
    // Each failure path scanned at least one text: the scan was not vacuous.
    for (const [name, count] of Object.entries(scanned))
      expect(count, `${name} scanned nothing`).toBeGreaterThan(0)
    printScanned(`secret scan, ${line.name}`, scanned)
  })

  const make = (options: Partial<ScanClientOptions> = {}) => {
    signatures = []
    events = []
    logs = []
    const record = (event: unknown) => void events.push(event)
    return line.client({
      baseUrl: line.sandbox().url,
      credentials: { apiKey: key.apiKey, secret: sentinel.secret, passphrase: sentinel.passphrase },
      // Sent through fetch so that the test sees each signature it must not find anywhere.
      fetch: (input, init) => {
        const sign = (init?.headers as Record<string, string> | undefined)?.['ACCESS-SIGN']
        if (sign) signatures.push(sign)
        return globalThis.fetch(input, init)
      },
      hooks: { request: record, response: record, retry: record, error: record },
      // A normal call never waits this long, also on a busy machine; the timeout paths set their own.
      timeout: 20_000,
      retry: { limit: 0 },
      reconcile: false,
      ...options,
    })
  }

  /** Every text the failure path left, checked for every spelling of every secret. */
  const expectClean = (name: string, error: unknown, client: unknown, extra: unknown[] = []) => {
    const texts = [
      ...renderings(error),
      ...events.flatMap(renderings),
      JSON.stringify(events, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
      ...logs.flatMap((args) => args.flatMap(renderings)),
      ...(client === undefined ? [] : renderings(client)),
      ...extra.flatMap(renderings),
    ]
    const forbidden = [
      ...spellings(sentinel.secret),
      ...spellings(sentinel.passphrase),
      // A value cut short (a body excerpt) must not leave its start behind.
      sentinel.secret.slice(0, 14),
      sentinel.passphrase.slice(0, 14),
      ...signatures.flatMap(spellings),
      ...fakeKeyLines,
      // Any line of the RSA private key, or its start.
      ...rsa.lines.flatMap((l) => [l, l.slice(0, 16)]),
    ]
    for (const text of texts)
      for (const secret of forbidden) expect(text, `${name} leaks ${secret}`).not.toContain(secret)
    scanned[name] = (scanned[name] ?? 0) + texts.length
  }

  const fail = async (run: () => Promise<unknown>): Promise<unknown> => {
    try {
      await run()
    } catch (error) {
      return error
    }
    throw new Error('the call succeeded where it should have failed')
  }

  type Path = {
    name: string
    expected: string | RegExp
    run(): Promise<{ error: unknown; client: unknown }>
  }
  const inject = (fault: Record<string, unknown>) => line.sandbox().admin.injectFault(fault)
  const through = (call: ScanCall<client>, options: Partial<ScanClientOptions> = {}) => {
    const client = make(options)
    return fail(() => call.call(client)).then((error) => ({ error, client }))
  }
  const echoed = (call: ScanCall<client>, echo: Record<string, unknown>, options = {}) => {
    inject({ path: call.path, kind: 'echo', echo })
    return through(call, options)
  }

  const { read, write } = line
  /**
   * How late the answer of a timeout path comes: 50 times the client's 100 ms timeout, so a busy
   * machine's stalls cannot make the answer arrive first.
   */
  const timeoutPathDelayMs = 5000
  const paths: Path[] = [
    {
      name: 'ApiError, the credentials echoed in msg (read)',
      expected: 'ApiError',
      run: () => echoed(read, { code: '40009', status: 400 }),
    },
    {
      name: 'RateLimitedError, the credentials echoed in msg (HTTP 429)',
      expected: 'RateLimitedError',
      run: () => echoed(read, { code: '429', status: 429 }),
    },
    {
      name: 'RateLimitedError after a retry (the retry hook sees the first), the credentials echoed in msg',
      expected: 'RateLimitedError',
      async run() {
        inject({ path: read.path, kind: 'echo', echo: { code: '429', status: 429 }, times: 2 })
        const outcome = await through(read, { retry: { limit: 1 } })
        expect(events.some((e) => typeof e === 'object' && e !== null && 'delayMs' in e)).toBe(true)
        return outcome
      },
    },
    {
      name: 'ResponseError, the credentials echoed in a non-JSON page (read, HTTP 502)',
      expected: 'ResponseError',
      run: () => echoed(read, { as: 'page', status: 502 }),
    },
    {
      name: 'NetworkError, a dropped connection (read)',
      expected: 'NetworkError',
      run() {
        inject({ path: read.path, kind: 'drop' })
        return through(read)
      },
    },
    {
      name: 'TimeoutError (read)',
      expected: 'TimeoutError',
      run() {
        inject({ path: read.path, kind: 'delay', delayMs: timeoutPathDelayMs })
        return through(read, { timeout: 100 })
      },
    },
    {
      name: 'ValidationError, refused before sending',
      expected: 'ValidationError',
      run() {
        const client = make()
        return fail(() => line.invalid(client)).then((error) => ({ error, client }))
      },
    },
    {
      name: 'MissingCredentialsError',
      expected: 'MissingCredentialsError',
      run: () => through(read, { credentials: undefined }),
    },
    {
      name: 'ApiError 40008 after the clock resynchronisation failed (time endpoint HTTP 500)',
      expected: 'ApiError',
      run() {
        inject({ path: '/api/v2/public/time', kind: 'http500', times: 3 })
        const skewed = line.sandbox().admin.now() + 10 * 60_000
        return through(read, { clock: { now: () => skewed } })
      },
    },
    ...(
      [
        ['text that is not a PEM', 'not a key'],
        ['a PEM with key material but damaged', pemOf(fakeKeyLines)],
        ['a public key PEM', pemOf(fakeKeyLines, 'PUBLIC KEY')],
      ] as const
    ).map(
      ([what, privateKey]): Path => ({
        name: `InvalidPrivateKeyError: ${what}`,
        expected: 'InvalidPrivateKeyError',
        async run() {
          const error = await fail(async () =>
            make({
              credentials: { apiKey: key.apiKey, passphrase: sentinel.passphrase, privateKey },
            }),
          )
          return { error, client: undefined }
        },
      }),
    ),
    {
      name: 'ApiError with an RSA key (privateKey), the credentials echoed in msg (read)',
      expected: 'ApiError',
      run: () =>
        echoed(
          read,
          { code: '40009', status: 400 },
          {
            credentials: {
              apiKey: rsa.apiKey,
              passphrase: sentinel.passphrase,
              privateKey: rsa.pem,
            },
          },
        ),
    },
    {
      name: 'NetworkError with an RSA key (privateKey), a dropped connection (read)',
      expected: 'NetworkError',
      run() {
        inject({ path: read.path, kind: 'drop' })
        return through(read, {
          credentials: { apiKey: rsa.apiKey, passphrase: sentinel.passphrase, privateKey: rsa.pem },
        })
      },
    },
    ...(write === undefined
      ? []
      : [
          {
            name: 'ApiError, the credentials echoed in msg (write)',
            expected: 'ApiError',
            run: () => echoed(write, { code: '40009', status: 400 }),
          },
          {
            name: 'UnknownOutcomeError 40725, the credentials echoed in msg (write)',
            expected: 'UnknownOutcomeError',
            run: () => echoed(write, { code: '40725', status: 200 }),
          },
          {
            name: 'UnknownOutcomeError, a malformed answer: the credentials echoed in a page (write, HTTP 200)',
            expected: 'UnknownOutcomeError',
            run: () => echoed(write, { as: 'page', status: 200 }),
          },
          {
            name: 'UnknownOutcomeError, a dropped connection (write)',
            expected: 'UnknownOutcomeError',
            run() {
              inject({ path: write.path, kind: 'drop' })
              return through(write)
            },
          },
          {
            name: 'UnknownOutcomeError, a timeout (write)',
            expected: 'UnknownOutcomeError',
            run() {
              inject({ path: write.path, kind: 'delay', delayMs: timeoutPathDelayMs })
              return through(write, { timeout: 100 })
            },
          },
          ...(line.reconciles
            ? [
                {
                  name: 'reconciliation of an unknown outcome that was not applied, the credentials echoed (write)',
                  expected: /Order|Unknown|Outcome/,
                  run: () =>
                    echoed(
                      write,
                      { code: '40725', status: 200 },
                      { reconcile: { attempts: 2, baseDelayMs: 1 } },
                    ),
                },
              ]
            : []),
        ]),
  ]

  describe(`secret scan: ${line.name}`, () => {
    test.each(paths.map((p) => [p.name, p] as const))('%s', async (name, path) => {
      line.sandbox().admin.clearFaults()
      const { error, client } = await path.run()
      line.sandbox().admin.clearFaults()
      expect(line.typed(error), `${name}: ${String(error)}`).toBe(true)
      const errorName = (error as Error).name
      if (typeof path.expected === 'string') expect(errorName).toBe(path.expected)
      else expect(errorName).toMatch(path.expected)
      expectClean(name, error, client)
      // Where the upstream echoed the credentials, they were there and were redacted.
      if (name.includes('echoed')) expect(JSON.stringify(events)).toContain('[redacted]')
    })
  })
}

function pemOf(lines: readonly string[], label = 'PRIVATE KEY'): string {
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`].join('\n')
}

/** Prints how many texts a scan checked, over how many paths (the console is mocked meanwhile). */
export function printScanned(title: string, scanned: Readonly<Record<string, number>>): void {
  const total = Object.values(scanned).reduce((sum, count) => sum + count, 0)
  process.stdout.write(
    `${title}: ${total} texts scanned over ${Object.keys(scanned).length} paths, none with a secret\n`,
  )
}
