// Every operation's example request, signed by core's transport and sent to a strict sandbox
// over real HTTP: none is refused as a bad parameter. An example that names an order, a position
// or a balance the sandbox does not have is answered with a state refusal (order not found, no
// position to close, insufficient balance, a permission the key lacks), which is not a parameter
// error: the sandbox checks the request before it looks the order up. The closing test prints
// them.
import { ApiError, createTransport } from '@tradeline/core'
import { type RunningSandbox, startSandbox } from '@tradeline/sandbox'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { allEndpoints } from './endpoints.js'
import { exampleOf, type Json, operations } from './test/document.js'

/**
 * The sandbox's answers to a request it refuses for its parameters: a rule's issue (40017), an
 * off-tick price or off-lot size (41103, 40808), a position-mode mismatch (40774), an unknown
 * symbol or parameter value (40034).
 */
const parameterCodes = new Set(['40017', '41103', '40808', '40774', '40034'])

/**
 * The state refusals an example may meet: the order does not exist (40768, 40109, 43001, and
 * 40034 for a savings order id), no position to close (22002), no position whose margin
 * set-margin could move (25227), positions or orders in the way of a mode switch (45117, 40920,
 * 25010), insufficient balance (43012), a permission the sandbox key lacks (40014).
 */
const stateCodes = new Set([
  '40768',
  '40109',
  '43001',
  '40034 (orderId: needs an existing order)',
  '22002',
  '25227',
  '45117',
  '40920',
  '25010',
  '43012',
  '40014',
])

let sandbox: RunningSandbox
/** A classic account's key: the sandbox's own key is a unified account's (one mode per account). */
let classicCredentials: RunningSandbox['credentials']
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 7, rateLimits: false, strict: true })
  classicCredentials = sandbox.admin.addKey({ accountMode: 'classic' })
})
afterAll(() => sandbox?.close())

/** The sandbox's answer code to an operation's example (`00000` when it succeeds). */
async function answer(endpoint: ReturnType<typeof allEndpoints>[number]): Promise<string> {
  const transport = createTransport({
    baseUrl: sandbox.url,
    // The classic API with a classic account's key (a unified account's gets 40085).
    credentials: endpoint.id.startsWith('classic.') ? classicCredentials : sandbox.credentials,
    retry: { limit: 0 },
  })
  const example = exampleOf(operations.get(endpoint.id) as Json)
  try {
    await transport.request({
      endpoint,
      ...(endpoint.method === 'GET' ? { query: example as never } : { body: example }),
    })
    return '00000'
  } catch (error) {
    if (!ApiError.isInstance(error)) throw error
    // A savings order id the sandbox has not issued: the exchange answers 40034 naming it, the
    // code of an unknown parameter value; the example's id needs an order that exists.
    if (error.code === '40034' && /Parameter orderId does not exist/.test(error.message))
      return '40034 (orderId: needs an existing order)'
    return error.code
  }
}

describe('example requests against the sandbox', () => {
  const codes = new Map<string, string>()

  test.each(allEndpoints().map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: its signed example is not refused as a bad parameter',
    async (id, endpoint) => {
      const code = await answer(endpoint)
      codes.set(id, code)
      expect(parameterCodes.has(code), `${id} answered ${code}`).toBe(false)
    },
  )

  test('most examples succeed; the others are refused for state the sandbox does not have', () => {
    const refused = [...codes].filter(([, code]) => code !== '00000')
    console.log(
      `example requests: ${codes.size - refused.length} of ${codes.size} answered 00000; refused for state: ${refused.map(([id, code]) => `${id} ${code}`).join(', ')}`,
    )
    expect(codes.size).toBe(allEndpoints().length)
    expect(refused.filter(([, code]) => !stateCodes.has(code))).toEqual([])
    expect(refused.length).toBeLessThan(codes.size / 3)
  })
})
