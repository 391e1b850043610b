/**
 * A change of orders that names none of them (cancel-all, flash close) on core's engine: sent
 * once, with no lookup (nothing tells this call's orders from others), so that an unknown outcome
 * is reported as it came, an `UnknownOutcomeError` without `retryWith` (the engine's way for a
 * change it cannot look up), as the unified client's cancel-all and flash close do.
 */
import { runChange } from '@tradeline/core'
import { combineSignals } from '@tradeline/core/internal'
import type { Endpoint } from '@tradeline/rules/shared'
import type * as v from 'valibot'
import type { CallOptions, ClientBase } from './client.js'

/** Sends a checked `request` of `endpoint` through the engine (see the module). */
export function sendUnnamed<ack>(
  client: ClientBase,
  endpoint: Endpoint.Endpoint<any, any>,
  request: unknown,
  response: v.GenericSchema<unknown, ack>,
  options: CallOptions,
): Promise<ack> {
  return runChange(
    client.transport,
    {
      endpoint,
      request,
      response,
      retryWith: {},
      acknowledged: (ack) => ack,
      lookup: undefined,
      judge: () => ({ kind: 'not-applied', final: false }),
      notApplied: (_, __, cause) => cause,
    },
    { reconcile: undefined, signal: combineSignals(client.config?.signal, options.signal) },
  )
}
