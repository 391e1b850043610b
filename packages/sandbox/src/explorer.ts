/**
 * The API explorer: the OpenAPI document of @tradeline/rules at `/openapi.json` (its server
 * set to this sandbox) and Swagger UI at `/explorer`, its files shipped in the package's
 * `explorer/` folder and served from here (no CDN, works offline). The page signs each request in the browser with Web
 * Crypto HMAC-SHA256 over timestamp + method + path + query + body, as the transport does,
 * with the sandbox's first key prefilled. Loaded on the first explorer request only, so
 * neither the exchange routes nor the sandbox's start read any of it.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Endpoint } from '@tradeline/rules'
import { endpointMap, routeKey } from './endpoints.js'
import { explorerPage } from './explorerPage.js'
import type { SandboxState } from './state.js'

const require = createRequire(import.meta.url)

/** The Swagger UI files the page loads, by the name it asks for. */
const assets: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
}

let document: Promise<Record<string, unknown>> | undefined

/** The OpenAPI document as @tradeline/rules ships it, read once. */
function openApiDocument(): Promise<Record<string, unknown>> {
  document ??= readFile(require.resolve('@tradeline/rules/schemas/openapi.json'), 'utf8').then(
    (text) => JSON.parse(text) as Record<string, unknown>,
  )
  return document
}

/** The OpenAPI document with this sandbox as its only server. */
export async function openApi(origin: string): Promise<Response> {
  const base = await openApiDocument()
  const body = {
    ...base,
    servers: [{ url: origin, description: 'This tradeline sandbox' }],
  }
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/** The explorer page, with the first HMAC key of the sandbox prefilled. */
export function page(state: SandboxState): Response {
  const key = [...state.keys.values()].find((candidate) => candidate.secret !== '')
  const html = explorerPage({
    apiKey: key?.apiKey ?? '',
    secret: key?.secret ?? '',
    passphrase: key?.passphrase ?? '',
    accountMode: state.accountModeOf(key?.uid ?? ''),
  })
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // The page holds the key's secret: never stored by a cache.
      'cache-control': 'no-store',
    },
  })
}

/**
 * Where the Swagger UI files are: the package's `explorer/` folder (copied there at build from
 * the swagger-ui-dist devDependency, so an install adds no package), or swagger-ui-dist itself
 * in a checkout that has not been built.
 */
function assetFolder(): string {
  const own = join(dirname(require.resolve('@tradeline/sandbox/package.json')), 'explorer')
  if (existsSync(join(own, 'swagger-ui-bundle.js'))) return own
  return dirname(require.resolve('swagger-ui-dist/package.json'))
}

/** One Swagger UI file, or `undefined` for a name the page does not load. */
export async function asset(name: string): Promise<Response | undefined> {
  // An own key only: `constructor`, `__proto__`, `toString` ... are not files of the page.
  if (!Object.hasOwn(assets, name)) return undefined
  const type = assets[name] as string
  const body = await readFile(join(assetFolder(), name))
  return new Response(body, {
    headers: { 'content-type': type, 'cache-control': 'public, max-age=3600' },
  })
}

/** A request the page is about to send, as it asks the rules about it. */
export type CheckRequest = {
  readonly method: string
  readonly path: string
  /** The query (GET) or JSON body (POST) as the page sends it. */
  readonly input: unknown
}

const soleOrNone = <T>(list: readonly T[]): T | undefined =>
  list.length === 1 ? list[0] : undefined

/**
 * What the rules say about a request before it is sent: `Endpoint.check` of its endpoint, with
 * the sandbox's instrument of its `symbol` as context, so a price off the tick gets the rule's
 * message in the page (the exchange's own answer only says "param price scale error").
 */
export function checkRequest(state: SandboxState, request: CheckRequest) {
  const endpoint = endpointMap().get(routeKey(request.method, request.path))
  if (endpoint === undefined) return { known: false, issues: [] }
  const input = request.input as Record<string, unknown> | null
  const symbol = input?.symbol
  // The category the request names (v2 mix: its productType; v2 spot: SPOT), else the symbol's
  // only one: a pair listed in several categories has a tick and lot in each.
  const named = input?.category ?? input?.productType
  const category =
    typeof named === 'string'
      ? named
      : request.path.startsWith('/api/v2/spot/')
        ? 'SPOT'
        : undefined
  const instrument =
    typeof symbol !== 'string'
      ? undefined
      : category !== undefined
        ? state.instruments.get(category, symbol)
        : soleOrNone(state.instruments.ofSymbol(symbol))
  const result = Endpoint.check(endpoint, request.input, instrument ? { instrument } : {})
  return {
    known: true,
    endpoint: endpoint.id,
    issues: (result.issues ?? []).map((issue) => ({ path: issue.path, message: issue.message })),
  }
}
