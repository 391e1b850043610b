import { describe, expect, test } from 'vitest'
import { withAliases } from './aliases.js'

describe('withAliases', () => {
  test('an alias is the same function as its method, and listings show each method once', () => {
    const getDepth = () => 'depth'
    const group = withAliases({ getDepth }, { depth: 'getDepth' })
    expect(group.depth).toBe(group.getDepth)
    expect(group.depth()).toBe('depth')
    expect(Object.keys(group)).toEqual(['getDepth'])
  })
})
