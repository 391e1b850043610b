// The API reference files each client action under the group its client binds it in.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { actionConcepts } from './typedoc-concepts.mjs'

const concepts = (folder, line) => actionConcepts(`packages/${folder}/src`, line)

test('unified: each action under its client group', () => {
  const unified = concepts('unified', 'Unified account')
  assert.equal(unified.get('placeOrder'), 'Orders')
  assert.equal(unified.get('placeOrders'), 'Batch orders')
  assert.equal(unified.get('placeStrategyOrder'), 'Strategy orders')
  assert.equal(unified.get('armCountdown'), 'Dead-man switch')
  assert.equal(unified.get('getTickers'), 'Market data')
  assert.equal(unified.get('getCurrentPosition'), 'Account and positions')
})

test('classic futures, securities and savings: plan orders, executions, a top-level transfer', () => {
  assert.equal(concepts('classic-futures', 'Classic futures').get('placePlanOrder'), 'Plan orders')
  const securities = concepts('securities', 'Securities')
  assert.equal(securities.get('getTodayExecutions'), 'Executions')
  assert.equal(securities.get('transfer'), 'Account and positions')
  assert.equal(concepts('savings', 'Savings').get('subscribe'), 'Savings')
})

test('every action module of a client is filed (none falls to "Other actions")', async () => {
  const { readdirSync } = await import('node:fs')
  for (const [folder, line] of [
    ['unified', 'U'],
    ['classic-futures', 'C'],
    ['securities', 'S'],
    ['savings', 'Sv'],
  ]) {
    const filed = concepts(folder, line)
    const actions = readdirSync(`packages/${folder}/src/actions`)
      .filter((f) => f.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
    const unfiled = actions.filter((name) => !filed.has(name))
    assert.deepEqual({ folder, unfiled }, { folder, unfiled: [] })
  }
})
