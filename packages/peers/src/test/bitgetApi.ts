/** Test helper: a sandbox behind a recorder, a bitget-api client of its key, and the SDK's declared types. */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { RestClientV2 } from 'bitget-api'
import { afterAll, beforeAll } from 'vitest'
import { declarations } from './declared.js'
import { startRecorder } from './recorder.js'

const sdk = dirname(createRequire(import.meta.url).resolve('bitget-api'))

/** The classic futures pair every v2 futures test trades: BTCUSDT of USDT-FUTURES. */
export const futuresPair = { symbol: 'BTCUSDT', productType: 'USDT-FUTURES' } as const

/** {@link futuresPair} with its margin coin, as the account and plan requests take it. */
export const futuresCoin = { ...futuresPair, marginCoin: 'USDT' } as const

/** A crossed market buy of 0.01 of {@link futuresPair}: it fills at once at the admin price. */
export const futuresMarketBuy = {
  ...futuresCoin,
  marginMode: 'crossed',
  size: '0.01',
  side: 'buy',
  orderType: 'market',
} as const

/** The declarations of one of bitget-api's published `.d.ts` files (a path inside its package). */
export const declared = (file: string) => declarations(join(sdk, file))

/**
 * Starts a sandbox and a recorder in front of it before the file's tests, and makes a client of
 * the sandbox's key with `make`; stops both after them. The returned object is filled in
 * `beforeAll`. The key's account is unified unless `accountMode` says `'classic'` (the v2 futures
 * tests): the other mode's private endpoints answer 40084 / 40085, as live.
 */
export function bitgetApiAgainstSandbox<client>(
  make: (options: {
    apiKey: string
    apiSecret: string
    apiPass: string
    baseUrl: string
  }) => client,
  { accountMode = 'unified' }: { accountMode?: 'unified' | 'classic' } = {},
) {
  const ctx = {} as {
    sandbox: RunningSandbox
    recorder: Awaited<ReturnType<typeof startRecorder>>
    client: client
  }
  beforeAll(async () => {
    ctx.sandbox = await startSandbox({ port: 0, rateLimits: false, accountMode })
    ctx.recorder = await startRecorder(ctx.sandbox.url)
    const { apiKey, secret, passphrase } = ctx.sandbox.credentials
    ctx.client = make({ apiKey, apiSecret: secret, apiPass: passphrase, baseUrl: ctx.recorder.url })
  })
  afterAll(async () => {
    await ctx.recorder?.close()
    await ctx.sandbox?.close()
  })
  return ctx
}

/**
 * The v2 futures tests' start: a `RestClientV2` against the sandbox (see
 * {@link bitgetApiAgainstSandbox}) and the declarations its answers are checked against, the
 * named records of `types/response/v2/futures.d.ts` and the inline results of the client's methods.
 */
export function futuresAgainstSandbox() {
  return {
    ctx: bitgetApiAgainstSandbox((options) => new RestClientV2(options), {
      accountMode: 'classic',
    }),
    futures: declared('types/response/v2/futures.d.ts'),
    methods: declared('rest-client-v2.d.ts'),
  }
}
