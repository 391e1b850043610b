/**
 * The wire format of the exchange's stream, read: one text from the server as what it means to
 * a connection (a `pong`, a login answer, a refusal, a subscription answer or a push), apart
 * from what the connection does about it.
 */
import type { StreamPush } from './types.js'

/** One message of the server, read. */
export type ServerMessage =
  | { readonly kind: 'pong' }
  | { readonly kind: 'login'; readonly ok: boolean; readonly code: number; readonly msg: string }
  | {
      readonly kind: 'error'
      readonly code: number
      readonly msg: string
      /** The subscription refused, when the error names one. */
      readonly arg: Readonly<Record<string, unknown>> | undefined
    }
  | { readonly kind: 'subscribe'; readonly arg: Readonly<Record<string, unknown>> }
  | { readonly kind: 'push'; readonly push: StreamPush }
  /** Not JSON, an `unsubscribe` answer, or nothing a connection acts on. */
  | { readonly kind: 'other' }

const other = { kind: 'other' } as const
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * Reads one text of the server.
 *
 * @example
 * import { readServerMessage } from '@tradeline/core'
 * readServerMessage('{"event":"login","code":0}') // { kind: 'login', ok: true, code: 0, msg: '' }
 */
export function readServerMessage(text: string): ServerMessage {
  if (text === 'pong') return { kind: 'pong' }
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return other
  }
  if (!isObject(message)) return other
  const kind = message.event
  if (kind === 'login') {
    const code = Number(message.code ?? 0)
    const msg = typeof message.msg === 'string' ? message.msg : ''
    return { kind: 'login', ok: code === 0, code, msg }
  }
  if (kind === 'error')
    return {
      kind: 'error',
      code: Number(message.code),
      msg: typeof message.msg === 'string' ? message.msg : '',
      arg: isObject(message.arg) ? message.arg : undefined,
    }
  if (kind === 'unsubscribe') return other
  if (kind === 'subscribe')
    return isObject(message.arg) ? { kind: 'subscribe', arg: message.arg } : other
  const { arg, data } = message
  // A push's data is a list; one topic (`fast-fill`) sends a single record as an object.
  const records = Array.isArray(data) ? data : isObject(data) ? [data] : undefined
  if (!isObject(arg) || records === undefined) return other
  return {
    kind: 'push',
    push: {
      action: typeof message.action === 'string' ? message.action : 'update',
      arg,
      data: records,
      ts: typeof message.ts === 'number' ? message.ts : Number(message.ts) || undefined,
    },
  }
}
