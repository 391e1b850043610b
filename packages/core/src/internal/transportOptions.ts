/**
 * The options of `createTransport` (and of every client, which pass them on) checked by shape;
 * see ./optionShapes.ts.
 */
import { PositionMode } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import {
  assertOptions,
  filled,
  flag,
  fn,
  having,
  noneOr,
  object,
  type ShapeRow,
  text,
  url,
} from './optionShapes.js'

const transportRows: readonly ShapeRow[] = [
  ['baseUrl', url('http', 'https')],
  ['credentials', object],
  ['credentials.apiKey', filled, true],
  ['credentials.passphrase', filled, true],
  ['credentials.secret', filled],
  ['credentials.privateKey', filled],
  ['locale', text],
  ['demoTrading', flag],
  ['syncClock', flag],
  ['channelApiCode', text],
  ['product', object],
  ['fetch', fn],
  [
    'http',
    [
      '"auto", "fetch" or "undici"',
      (value) => ['auto', 'fetch', 'undici'].includes(value as string),
    ],
  ],
  ['dispatcher', object],
  ['signal', ['an AbortSignal', (value) => value instanceof AbortSignal]],
  ['hooks', object],
  ['hooks.request', fn],
  ['hooks.response', fn],
  ['hooks.retry', fn],
  ['hooks.error', fn],
  ['rateLimiter', noneOr('acquire')],
  ['clock', having('now')],
  ['signer', having('sign')],
  ['retry.random', fn],
  ['retry.wait', fn],
]

/** What only the trading clients take besides the transport's options. */
const clientRows: readonly ShapeRow[] = [
  ['clientOid', fn],
  [
    'instruments',
    [
      'false, a loader function or a record of instruments by symbol',
      (value) =>
        value === false ||
        typeof value === 'function' ||
        (isRecord(value) && Object.values(value).every(isRecord)),
    ],
  ],
  [
    'positionMode',
    [
      'false, "hedge", "one_way", a record of them by category or a loader function',
      (value) =>
        value === false ||
        typeof value === 'function' ||
        isMode(value) ||
        (isRecord(value) &&
          Object.values(value).every((mode) => mode === undefined || isMode(mode))),
    ],
  ],
]
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isMode = (value: unknown): boolean =>
  (PositionMode.modes as readonly unknown[]).includes(value)

/**
 * Checks a factory's options (the numbers by the rules' `schema`, and, unless a `transport` is
 * given, the transport options' shapes) and throws one `ValidationError` of `name` that lists
 * every issue. A client factory calls it, so a bad option names the factory the user called.
 *
 * @example
 * import { assertFactoryOptions } from '@tradeline/core/internal'
 * import { Options } from '@tradeline/rules'
 * assertFactoryOptions('createSavingsClient', Options.tradingClient, { signer: {} }) // throws: signer: expected an object with sign ...
 */
export function assertFactoryOptions(
  name: string,
  schema: v.GenericSchema,
  options: unknown,
): void {
  const given = (options as { transport?: unknown } | null | undefined)?.transport
  // A transport given replaces the transport options, which are then not looked at.
  const transport: readonly ShapeRow[] =
    given == null ? transportRows : [['transport', having('request')]]
  assertOptions(name, schema, options, [...transport, ...clientRows])
}
