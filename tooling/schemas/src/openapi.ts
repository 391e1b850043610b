/**
 * The OpenAPI 3.1 document of the whole interface, from the rules' endpoint definitions: one
 * operation per endpoint (GET parameters or a JSON body from its request schema), the envelope
 * `{ code, msg, requestTime, data }`, the documented error codes, the rate limits of the
 * endpoint as `x-tradeline-rate-limits`, the cross-field rules as `x-tradeline-rules` and the
 * four signing headers as security schemes.
 */
import { RateLimits, version } from '@tradeline/rules'
import { convert } from './convert.js'
import type { AnyEndpoint } from './endpoints.js'
import { exampleOf } from './examples.js'
import type { Read } from './reads.js'

type JsonObject = Record<string, unknown>

/** Product lines by the prefix of an endpoint id, as tags. */
const lines: Record<string, string> = {
  unified: 'Unified account (/api/v3)',
  strategy: 'Unified account strategy orders (/api/v3)',
  classic: 'Classic futures (/api/v2/mix)',
  securities: 'Securities and options (Stock+)',
  savings: 'Savings (/api/v2/earn)',
  public: 'Public data',
  market: 'Market data',
}

/** The exchange's answer codes that the interface documents (docs/exchange-conventions.md). */
export const errorCodes: Readonly<Record<string, string>> = {
  '00000': 'success',
  '40001': 'ACCESS-KEY missing',
  '40002': 'ACCESS-SIGN missing',
  '40003': 'ACCESS-SIGN missing or malformed',
  '40005': 'ACCESS-TIMESTAMP invalid',
  '40006': 'ACCESS-KEY invalid',
  '40008': 'request timestamp expired: resynchronise the clock',
  '40009': 'signature error',
  '40010': 'request timed out: the outcome is unknown, look the order up by clientOid',
  '40011': 'ACCESS-PASSPHRASE missing',
  '40012': 'key or passphrase wrong',
  '40014': 'the key lacks the permission',
  '40017': 'parameter verification failed',
  '40099': 'a demo key without the demo header',
  '40109': 'order does not exist',
  '40404': 'request URL not found',
  '40725': 'service returned an error: the outcome is unknown, look the order up by clientOid',
  '40762': 'order size above the maximum open size',
  '40774': 'order fields do not match the position mode',
  '40808': 'size or price precision',
  '41103': 'size or price precision',
  '43001': 'order does not exist',
  '43118': 'duplicate clientOid',
  '45001': 'unknown error: the outcome is unknown, look the order up by clientOid',
}

const headers = ['ACCESS-KEY', 'ACCESS-SIGN', 'ACCESS-TIMESTAMP', 'ACCESS-PASSPHRASE'] as const
const schemeName = (header: string) =>
  header.toLowerCase().replace(/-(\w)/g, (_, c) => c.toUpperCase())

/** The OpenAPI document for the endpoints and their request schemas (by endpoint id). */
export function openApi(
  endpoints: readonly AnyEndpoint[],
  requests: ReadonlyMap<string, JsonObject>,
  reads: readonly Read[] = [],
) {
  const paths: Record<string, Record<string, JsonObject>> = {}
  const readBy = new Map(reads.map((read) => [read.endpoint, read]))
  const records: JsonObject = {}
  for (const read of reads) {
    const { $schema: _, ...converted } = convert(read.schema) as JsonObject
    if (requests.has(recordName(read))) throw new Error(`${recordName(read)} names an endpoint`)
    records[recordName(read)] = { title: `${read.client} ${read.record}`, ...converted }
  }
  for (const endpoint of endpoints) {
    const request = requests.get(endpoint.id)
    if (request === undefined) throw new Error(`no request schema for ${endpoint.id}`)
    const item = paths[endpoint.path] ?? {}
    item[endpoint.method.toLowerCase()] = operation(endpoint, request, readBy.get(endpoint.id))
    paths[endpoint.path] = item
  }
  const schemas: JsonObject = {}
  for (const endpoint of endpoints) {
    if (endpoint.method !== 'POST') continue
    const { $schema: _, ...body } = requests.get(endpoint.id) as JsonObject
    schemas[endpoint.id] = body
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'tradeline: the Bitget REST interface',
      version,
      summary: 'Every endpoint the tradeline SDK covers, generated from @tradeline/rules.',
      description:
        'Requests carry the schemas of @tradeline/rules (decimal strings, bounded text, enumerations). Cross-field rules that JSON Schema can say are `allOf` clauses; the others are listed in `x-tradeline-rules` and run by `Endpoint.check`. Private requests are signed: ACCESS-SIGN is base64(HMAC-SHA256(secret, timestamp + METHOD + path + (?query) + body)). Every answer is the envelope `{ code, msg, requestTime, data }`; `x-tradeline-rate-limits` gives each endpoint its rate limits.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'https://api.bitget.com', description: 'The exchange' }],
    tags: Object.entries(lines).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: Object.fromEntries(
        headers.map((header) => [
          schemeName(header),
          { type: 'apiKey', in: 'header', name: header, description: headerText[header] },
        ]),
      ),
      schemas: {
        ...schemas,
        ...records,
        Envelope: envelope,
      },
      responses: {
        Failure: {
          description: 'The exchange refused the request: `code` names the reason, `data` is null.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
        TooManyRequests: {
          description: 'Rate limit reached: wait `Retry-After` seconds; nothing was applied.',
          headers: { 'Retry-After': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        },
      },
    },
  }
}

const headerText: Record<(typeof headers)[number], string> = {
  'ACCESS-KEY': 'The API key.',
  'ACCESS-SIGN':
    'base64(HMAC-SHA256(secret, timestamp + METHOD + requestPath + ("?" + query when any) + body)).',
  'ACCESS-TIMESTAMP': 'Unix milliseconds of the request, within the tolerance of the server clock.',
  'ACCESS-PASSPHRASE': 'The passphrase given when the key was created.',
}

const envelope = {
  type: 'object',
  description: 'Every answer of the exchange.',
  properties: {
    code: {
      type: 'string',
      description: Object.entries(errorCodes)
        .map(([code, text]) => `${code}: ${text}`)
        .join('; '),
      examples: ['00000'],
    },
    msg: { type: 'string' },
    requestTime: { type: 'integer', description: 'Unix milliseconds of the server.' },
    data: { description: 'The answer; null on failure.' },
  },
  required: ['code', 'msg', 'requestTime', 'data'],
  'x-tradeline-error-codes': errorCodes,
}

/** The component name of a record schema: its client package and export name. */
export const recordName = (read: Pick<Read, 'client' | 'record'>) =>
  `record.${read.client}.${read.record}`

/** The success answer: the envelope, with `data` the record schema the client reads it with. */
function success(read: Read | undefined): JsonObject {
  if (read === undefined) return { $ref: '#/components/schemas/Envelope' }
  return {
    allOf: [
      { $ref: '#/components/schemas/Envelope' },
      {
        type: 'object',
        properties: { data: { $ref: `#/components/schemas/${recordName(read)}` } },
        'x-tradeline-record': { package: `@tradeline/${read.client}`, export: read.record },
      },
    ],
  }
}

function operation(endpoint: AnyEndpoint, request: JsonObject, read?: Read): JsonObject {
  const tag = endpoint.id.split('.')[0] ?? 'public'
  const rules = request['x-tradeline-rules']
  const out: JsonObject = {
    operationId: endpoint.id,
    summary: endpoint.id,
    tags: [tag],
    'x-tradeline-rate-limits': RateLimits.isEndpointId(endpoint.id)
      ? RateLimits.table[endpoint.id]
      : [],
    ...(rules ? { 'x-tradeline-rules': rules } : {}),
    security: endpoint.auth ? [Object.fromEntries(headers.map((h) => [schemeName(h), []]))] : [],
    responses: {
      '200': {
        description: 'The envelope; `code` is `00000` on success, another code on refusal.',
        content: { 'application/json': { schema: success(read) } },
      },
      '400': { $ref: '#/components/responses/Failure' },
      '429': { $ref: '#/components/responses/TooManyRequests' },
    },
  }
  // A valid request (src/examples.ts), so the explorer offers one instead of placeholders.
  const example = exampleOf(endpoint.id, request)
  if (endpoint.method === 'GET') out.parameters = parametersOf(request, example as JsonObject)
  else
    out.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${endpoint.id}` },
          example,
        },
      },
    }
  return out
}

/** The query parameters of a GET request schema. */
function parametersOf(request: JsonObject, example: JsonObject = {}): JsonObject[] {
  const properties = (request.properties ?? {}) as Record<string, JsonObject>
  const required = (request.required ?? []) as string[]
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
    ...(Object.hasOwn(example, name) ? { example: example[name] } : {}),
  }))
}
