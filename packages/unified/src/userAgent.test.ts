import { version as coreVersion } from '@tradeline/core'
import { startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createUnifiedClient } from './createUnifiedClient.js'
import { version } from './version.js'

let sandbox: Awaited<ReturnType<typeof startSandbox>>
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, rateLimits: false, seed: 9 })
})
afterAll(() => sandbox.close())

test('the client sends tradeline-unified/<version> (+core <version>; node <version>) to the sandbox', async () => {
  const client = createUnifiedClient({ baseUrl: sandbox.url, credentials: sandbox.credentials })
  await client.orders.getOpen({ category: 'SPOT' })
  const seen = sandbox.admin.requests().filter((r) => r.path === '/api/v3/trade/unfilled-orders')
  expect(seen.at(-1)?.userAgent).toBe(
    `tradeline-unified/${version} (+core ${coreVersion}; node ${process.versions.node})`,
  )
})
