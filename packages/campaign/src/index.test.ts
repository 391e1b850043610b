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
      "reconcileWindowMs",
      "retryPauseMs",
      "runCampaign",
      "targets",
      "wrongKinds",
    ]
  `)
})
