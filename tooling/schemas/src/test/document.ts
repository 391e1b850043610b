/** The committed OpenAPI document and its operations by id, for the tests that read it. */
import { readFileSync } from 'node:fs'

export const root = new URL('../../../../', import.meta.url)
export type Json = Record<string, any>

export const document = JSON.parse(
  readFileSync(new URL('packages/rules/schemas/openapi.json', root), 'utf8'),
) as Json

export const operations = new Map<string, Json>(
  Object.values(document.paths as Json).flatMap((item) =>
    Object.values(item as Json).map((operation: Json) => [operation.operationId, operation]),
  ),
)

/** The example request of an operation as the document gives it (query or body). */
export function exampleOf(operation: Json): unknown {
  if (operation.requestBody) return operation.requestBody.content['application/json'].example
  return Object.fromEntries(
    ((operation.parameters ?? []) as Json[])
      .filter((parameter) => parameter.example !== undefined)
      .map((parameter) => [parameter.name, parameter.example]),
  )
}
