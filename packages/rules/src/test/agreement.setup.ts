// Wraps `Endpoint.check` for every test file of the rules: each request a test checks is also
// validated against its JSON Schema (see agreement.ts). Never part of the build.
import { afterAll, vi } from 'vitest'
import { compare, flush } from './agreement.js'

vi.mock('../Endpoint.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../Endpoint.js')>()
  const check: typeof actual.check = (endpoint, input, ...context) => {
    const result = actual.check(endpoint, input, ...context)
    compare(endpoint, input, result)
    return result
  }
  // Still reads as a module namespace (the export snapshot tells namespaces by this tag).
  return { ...actual, check, [Symbol.toStringTag]: 'Module' }
})

afterAll(() => flush())
