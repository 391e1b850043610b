import { describe, expect, test } from 'vitest'
import { batchPresetEffect } from './batchPreset.js'

describe('batchPresetEffect', () => {
  test('If the underlying is not in a position, the preset take-profit/stop-loss is a preset', () => {
    expect(batchPresetEffect({ position: '0' })).toBe('preset')
    expect(batchPresetEffect({ position: '0.000' })).toBe('preset')
  })

  test('if it is, it modifies the existing take-profit/stop-loss', () => {
    expect(batchPresetEffect({ position: '0.001' })).toBe('modify_existing')
  })
})
