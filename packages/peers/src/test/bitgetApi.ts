/** Test helper: a sandbox behind a recorder, a bitget-api client of its key, and the SDK's declared types. */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll } from 'vitest'
import { declarations } from './declared.js'
import { startRecorder } from './recorder.js'

const sdk = dirname(createRequire(import.meta.url).resolve('bitget-api'))

/** The declarations of one of bitget-api's published `.d.ts` files (a path inside its package). */
export const declared = (file: string) => declarations(join(sdk, file))

/**
 * Starts a sandbox and a recorder in front of it before the file's tests, and makes a client of
 * the sandbox's key with `make`; stops both after them. The returned object is filled in
 * `beforeAll`.
 */
export function bitgetApiAgainstSandbox<client>(
  make: (options: {
    apiKey: string
    apiSecret: string
    apiPass: string
    baseUrl: string
  }) => client,
) {
  const ctx = {} as {
    sandbox: RunningSandbox
    recorder: Awaited<ReturnType<typeof startRecorder>>
    client: client
  }
  beforeAll(async () => {
    ctx.sandbox = await startSandbox({ port: 0, rateLimits: false })
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
