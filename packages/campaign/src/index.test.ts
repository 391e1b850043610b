import { expect, test } from 'vitest'
import * as exports from './index.js'

test('the exports of @tradeline/campaign', () => {
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
