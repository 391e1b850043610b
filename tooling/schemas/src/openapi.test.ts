import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { allEndpoints, registryIds } from './endpoints.js'

const root = new URL('../../../', import.meta.url)
const document = JSON.parse(
  readFileSync(new URL('packages/rules/schemas/openapi.json', root), 'utf8'),
) as { paths: Record<string, Record<string, { operationId: string; security: unknown[] }>> }

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
)

describe('openapi.json', () => {
  test('every endpoint of the rules has one operation, and nothing else has one', () => {
    const ids = operations.map((operation) => operation.operationId).sort()
    expect(ids).toEqual(
      allEndpoints()
        .map((endpoint) => endpoint.id)
        .sort(),
    )
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('the operations are exactly the rate-limit registry (RateLimits.endpointIds)', () => {
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(
      [...registryIds].sort(),
    )
  })

  test('each operation sits at its endpoint path and method, signed when the endpoint is', () => {
    for (const endpoint of allEndpoints()) {
      const operation = operations.find((o) => o.operationId === endpoint.id)
      expect(operation?.path).toBe(endpoint.path)
      expect(operation?.method).toBe(endpoint.method.toLowerCase())
      expect(operation?.security.length).toBe(endpoint.auth ? 1 : 0)
    }
  })

  test('redocly lint finds no error', () => {
    const cli = fileURLToPath(
      new URL('node_modules/@redocly/cli/bin/cli.js', new URL('../', import.meta.url)),
    )
    const result = spawnSync(
      process.execPath,
      [
        cli,
        'lint',
        fileURLToPath(new URL('packages/rules/schemas/openapi.json', root)),
        '--config',
        fileURLToPath(new URL('../redocly.yaml', import.meta.url)),
      ],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    const output = `${result.stdout}${result.stderr}`
    expect(output).toMatch(/Your API description is valid/)
    expect(result.status, output).toBe(0)
  })
})
