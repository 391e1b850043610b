import { describe, expect, test } from 'vitest'
import * as exports from './index.js'

describe('exports', () => {
  test('every export is named (an API change shows here)', () => {
    expect(Object.keys(exports).sort()).toMatchSnapshot()
  })
})
