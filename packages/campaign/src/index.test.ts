import { describe, expect, test } from 'vitest'
import * as exports from './index.js'

describe('@tradeline/campaign exports', () => {
  test('@tradeline/campaign: every export by name (a change here is an API change)', () => {
    expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
      [
        "audit",
        "claimOf",
        "compact",
        "concurrentOperations",
        "createHistoryReader",
        "createPlan",
        "createPlanLog",
        "createRandom",
        "defaultTiming",
        "describeChange",
        "faultMenu",
        "formatTable",
        "formatWrong",
        "lookupMenu",
        "lookupPathOf",
        "nextStep",
        "operations",
        "operationsOf",
        "passed",
        "pathOf",
        "planOperations",
        "reconcileWindowMs",
        "retryPauseMs",
        "runCampaign",
        "settingsOperations",
        "targets",
        "wrongKinds",
      ]
    `)
  })
})
