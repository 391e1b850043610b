/**
 * The operations on accounts of their own: the settings writes (`settings.ts`) and the classic
 * plan orders (`planOrders.ts`), each account with its own clients, and what the campaign takes
 * of them: a settings write's turn before its fault is injected, the plan log, the end.
 */
import type { createClassicFuturesClient } from '@tradeline/classic-futures'
import type { RunningSandbox } from '@tradeline/sandbox'
import type { createUnifiedClient } from '@tradeline/unified'
import { type OwnAccount, ownAccount } from './accounts.js'
import { type Fallback, type Intent, pathOf } from './intents.js'
import { type Operation, type Random, settingsOperations } from './plan.js'
import { createPlanLog } from './planLog.js'
import { createPlanOrders } from './planOrders.js'
import type { Live, Pool } from './pools.js'
import type { createSenders } from './senders.js'
import { createSettings } from './settings.js'

/** The clients of one account, as the campaign configures them. */
type Clients = {
  classic: ReturnType<typeof createClassicFuturesClient>
  unified: ReturnType<typeof createUnifiedClient>
}

export function createOwnLines(parameters: {
  sandbox: RunningSandbox
  clientsOf(credentials: OwnAccount['credentials']): Clients
  random: Random
  longestDelayMs: number
  sleep(ms: number): Promise<void>
  senders: ReturnType<typeof createSenders>
  id(prefix: string): string
  fixedPoint(units: number, places: number): string
  take(pool: Pool): Live | undefined
  keep(pool: Pool, live: Live, intent: Intent, delayed: boolean): void
  fallback: Fallback
}) {
  const { sandbox, random, senders } = parameters
  // An account is unified or classic: the settings writes of each line have an account of its mode.
  const settingsAccounts = {
    classic: ownAccount(sandbox, 'classic'),
    unified: ownAccount(sandbox, 'unified'),
  }
  // The plan account holds the long position its take-profits and stop-losses protect.
  const planAccount = ownAccount(sandbox, 'classic', '1')
  const planLog = createPlanLog(sandbox, planAccount.uid)
  const settings = createSettings({
    sandbox,
    accounts: settingsAccounts,
    classic: parameters.clientsOf(settingsAccounts.classic.credentials).classic,
    unified: parameters.clientsOf(settingsAccounts.unified.credentials).unified,
    random,
    longestDelayMs: parameters.longestDelayMs,
    sleep: parameters.sleep,
    idempotently: senders.idempotently,
  })
  const plans = createPlanOrders({
    classic: parameters.clientsOf(planAccount.credentials).classic,
    log: planLog,
    random,
    id: parameters.id,
    fixedPoint: parameters.fixedPoint,
    take: parameters.take,
    keep: parameters.keep,
    carefully: senders.carefully,
    fallback: parameters.fallback,
  })
  return {
    run: { ...settings.run, ...plans },
    planLog,
    /**
     * Taken before a call's fault is injected: a settings write waits for the one of its path
     * before it (its fault is then its own); other calls go at once.
     */
    exclusive: (operation: Operation): Promise<() => void> =>
      (settingsOperations as readonly string[]).includes(operation)
        ? settings.exclusive(pathOf[operation])
        : Promise.resolve(() => {}),
    /** Once every late request landed: the settings' last values; the plan log closes. */
    finish() {
      settings.finish()
      planLog.close()
    },
  }
}
