/**
 * Answers the sandbox builds from text, and their write to Node's response.
 *
 * A web `Response` costs more to build than the rest of a small sandbox call (undici builds a
 * body stream for it), and `@hono/node-server` writes one by reading that stream back. An answer
 * built by {@link textResponse} is a `Response` (`instanceof Response`, every property and method)
 * that keeps its status, headers and text, and builds the real `Response` only when something
 * reads its body or calls a method of it. On Node's server, {@link writingTextDirectly} writes such
 * an answer itself: status, headers and text, with its `Content-Length`.
 */
import type { ServerResponse } from 'node:http'

const GlobalResponse = globalThis.Response

/** Headers as `ResponseInit` takes them, flattened to a record (names lower-cased). */
type HeaderRecord = Record<string, string>

/** An answer of text; see the module comment. */
class TextResponse {
  readonly #text: string
  readonly #status: number
  readonly #statusText: string
  #init: HeaderRecord | undefined
  #headers: Headers | undefined
  #real: Response | undefined

  constructor(text: string, status: number, statusText: string, headers: HeaderRecord | Headers) {
    this.#text = text
    this.#status = status
    this.#statusText = statusText
    if (headers instanceof Headers) this.#headers = headers
    else this.#init = headers
  }

  /** The real `Response`, built once, on first need. */
  #response(): Response {
    this.#real ??= new GlobalResponse(this.#text, {
      status: this.#status,
      statusText: this.#statusText,
      headers: this.#headers ?? this.#init ?? {},
    })
    return this.#real
  }

  /**
   * What Node's server writes: status, headers and text, while nothing read the body (the text is
   * then the body) nor built the real `Response` (whose headers are then the ones in force).
   */
  written():
    | { status: number; statusText: string; headers: Headers | HeaderRecord; text: string }
    | undefined {
    if (this.#real !== undefined) return undefined
    const headers = this.#headers ?? this.#init ?? {}
    return { status: this.#status, statusText: this.#statusText, headers, text: this.#text }
  }

  get headers(): Headers {
    if (this.#real !== undefined) return this.#real.headers
    this.#headers ??= new Headers(this.#init)
    this.#init = undefined
    return this.#headers
  }
  get status(): number {
    return this.#status
  }
  get statusText(): string {
    return this.#statusText
  }
  get ok(): boolean {
    return this.#status >= 200 && this.#status < 300
  }
  get type(): ResponseType {
    return 'default'
  }
  get url(): string {
    return ''
  }
  get redirected(): boolean {
    return false
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#response().body
  }
  get bodyUsed(): boolean {
    return this.#real?.bodyUsed ?? false
  }
  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#response().arrayBuffer()
  }
  blob(): Promise<Blob> {
    return this.#response().blob()
  }
  bytes(): Promise<Uint8Array> {
    const response = this.#response() as Response & { bytes?: () => Promise<Uint8Array> }
    return response.bytes
      ? response.bytes()
      : response.arrayBuffer().then((buffer) => new Uint8Array(buffer))
  }
  formData(): Promise<FormData> {
    return this.#response().formData()
  }
  json(): Promise<unknown> {
    return this.#response().json()
  }
  text(): Promise<string> {
    return this.#response().text()
  }
  /** A copy that keeps the text too, while the body was not read (a request log reads its copy). */
  clone(): Response {
    if (this.#real !== undefined) return this.#real.clone()
    const headers = new Headers(this.#headers ?? this.#init)
    return new TextResponse(
      this.#text,
      this.#status,
      this.#statusText,
      headers,
    ) as unknown as Response
  }
  get [Symbol.toStringTag](): string {
    return 'Response'
  }
}
Object.setPrototypeOf(TextResponse.prototype, GlobalResponse.prototype)

/**
 * A `Response` of `text` (see the module comment): `status` 200 unless given, the headers as
 * given (lower-case names).
 */
export function textResponse(
  text: string,
  init: { status?: number; statusText?: string; headers: HeaderRecord },
): Response {
  return new TextResponse(
    text,
    init.status ?? 200,
    init.statusText ?? '',
    init.headers,
  ) as unknown as Response
}

/**
 * What `@hono/node-server` takes as "the response was written already" (the header its own
 * `RESPONSE_ALREADY_SENT` carries); one instance serves every request, as the adapter's does.
 */
let alreadySent: Response | undefined

/**
 * `fetch` as the Node server calls it (`env.outgoing` is Node's response), writing each answer
 * built by {@link textResponse} directly: its status, its headers as the answer has them once
 * every middleware ran, a `Content-Length`, and its text. Any other answer goes the adapter's way.
 */
export function writingTextDirectly<env>(
  fetch: (request: Request, env: env) => Response | Promise<Response>,
): (request: Request, env: env) => Promise<Response> {
  return async (request, env) => {
    const response = await fetch(request, env)
    const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing
    const answer = response instanceof TextResponse ? response.written() : undefined
    if (
      answer === undefined ||
      outgoing === undefined ||
      typeof outgoing.writeHead !== 'function' ||
      outgoing.headersSent ||
      outgoing.writableEnded ||
      outgoing.destroyed
    )
      return response
    const headers: Record<string, string | string[]> = {}
    if (answer.headers instanceof Headers) {
      for (const [name, value] of answer.headers) if (name !== 'set-cookie') headers[name] = value
      const cookies = answer.headers.getSetCookie()
      if (cookies.length > 0) headers['set-cookie'] = cookies
    } else
      for (const name in answer.headers)
        headers[name.toLowerCase()] = answer.headers[name] as string
    headers['content-length'] ??= String(Buffer.byteLength(answer.text))
    if (answer.statusText) outgoing.writeHead(answer.status, answer.statusText, headers)
    else outgoing.writeHead(answer.status, headers)
    outgoing.end(answer.text)
    alreadySent ??= new GlobalResponse(null, { headers: { 'x-hono-already-sent': 'true' } })
    return alreadySent
  }
}
