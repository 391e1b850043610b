import { expect, test } from 'vitest'
import * as exports from './index.js'

test('the exports of @tradeline/campaign', () => {
  expect(Object.keys(exports).sort()).toMatchInlineSnapshot(`
    [
      "audit",
      "createPlan",
      "createRandom",
      "defaultTiming",
      "faultMenu",
      "formatTable",
      "formatWrong",
      "lookupMenu",
      "lookupPathOf",
      "nextStep",
      "operations",
      "passed",
      "pathOf",
      "reconcileWindowMs",
      "retryPauseMs",
      "runCampaign",
      "targets",
    ]
  `)
})
