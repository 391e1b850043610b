import { describe, expect, test } from 'vitest'
import { BaseError } from './Errors.js'

class TickError extends BaseError {
  static override readonly kind: string = 'Test.TickError'
  override name = 'Test.TickError'
}

class LotError extends BaseError {
  static override readonly kind: string = 'Test.LotError'
  override name = 'Test.LotError'
}

class FineTickError extends TickError {
  static override readonly kind: string = 'Test.FineTickError'
  override name = 'Test.FineTickError'
}

/** A second copy of the module, as when two versions of a package sit in one app. */
const copyUrl: string = './Errors.js?copy'
const copy = (await import(/* @vite-ignore */ copyUrl)) as typeof import('./Errors.js')

describe('BaseError', () => {
  test('a short message alone', () => {
    const error = new BaseError('Something went wrong.')
    expect(error.message).toBe('Something went wrong.')
    expect(error.shortMessage).toBe('Something went wrong.')
    expect(error.details).toBe('')
    expect(error.metaMessages).toEqual([])
    expect(error.name).toBe('BaseError')
    expect(error).toBeInstanceOf(Error)
  })

  test('message layout: short message, meta messages, details', () => {
    const error = new BaseError('Invalid request.', {
      metaMessages: ['- price: expected a multiple of 0.5', '- qty: expected at least 0.001'],
      details: 'checked before sending',
    })
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid request.

      - price: expected a multiple of 0.5
      - qty: expected at least 0.001

      Details: checked before sending"
    `)
  })

  test('details default to the message of an Error cause', () => {
    const cause = new Error('socket hang up')
    const error = new BaseError('Request failed.', { cause })
    expect(error.cause).toBe(cause)
    expect(error.details).toBe('socket hang up')
    expect(error.message).toBe('Request failed.\n\nDetails: socket hang up')
  })

  test('given details win over the cause, and a cause that is not an Error gives none', () => {
    expect(new BaseError('x', { cause: new Error('inner'), details: 'own' }).details).toBe('own')
    const error = new BaseError('x', { cause: 'a string' })
    expect(error.details).toBe('')
    expect(error.cause).toBe('a string')
    expect('cause' in new BaseError('x')).toBe(false)
  })

  test('a subclass keeps its name and the layout', () => {
    const error = new TickError('Price off tick.', { metaMessages: ['step 0.5'] })
    expect(error.name).toBe('Test.TickError')
    expect(String(error)).toBe('Test.TickError: Price off tick.\n\nstep 0.5')
  })

  test('JSON.stringify gives the name and the parts of the message, not the cause object', () => {
    const error = new TickError('Price off tick.', {
      cause: new Error('secret=abc'),
      metaMessages: ['step 0.5'],
    })
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>
    expect(json).toEqual({
      name: 'Test.TickError',
      shortMessage: 'Price off tick.',
      details: 'secret=abc',
      metaMessages: ['step 0.5'],
    })
    expect(JSON.stringify(error)).not.toContain('tradeline.error')
  })

  test('JSON.stringify does not loop on a cause that loops', () => {
    const a = new BaseError('a')
    const b = new BaseError('b', { cause: a })
    ;(a as { cause?: unknown }).cause = b
    expect(() => JSON.stringify(b)).not.toThrow()
  })
})

describe('BaseError.isInstance', () => {
  test('an error of the class or of a subclass', () => {
    const fine = new FineTickError('x')
    expect(BaseError.isInstance(fine)).toBe(true)
    expect(TickError.isInstance(fine)).toBe(true)
    expect(FineTickError.isInstance(fine)).toBe(true)
    expect(FineTickError.isInstance(new TickError('x'))).toBe(false)
    expect(LotError.isInstance(fine)).toBe(false)
  })

  test.each([
    ['a plain Error', new Error('x')],
    ['null', null],
    ['a string', 'BaseError'],
    ['an object that copies the name', { name: 'BaseError', message: 'x' }],
  ])('not %s', (_, value) => {
    expect(BaseError.isInstance(value)).toBe(false)
  })

  test('across a duplicated copy of the package, where instanceof fails', () => {
    expect(copy.BaseError).not.toBe(BaseError)
    class CopyTickError extends copy.BaseError {
      static override readonly kind: string = 'Test.TickError'
      override name = 'Test.TickError'
    }
    const foreign = new CopyTickError('from the other copy')
    expect(foreign).not.toBeInstanceOf(BaseError)
    expect(foreign).not.toBeInstanceOf(TickError)
    expect(BaseError.isInstance(foreign)).toBe(true)
    expect(TickError.isInstance(foreign)).toBe(true)
    expect(LotError.isInstance(foreign)).toBe(false)
    expect(copy.BaseError.isInstance(new TickError('x'))).toBe(true)
  })
})

describe('BaseError.walk', () => {
  const root = new Error('root cause')
  const middle = new LotError('middle', { cause: root })
  const top = new TickError('top', { cause: middle })

  test('without a predicate: the deepest cause', () => {
    expect(top.walk()).toBe(root)
    expect(new BaseError('alone').walk()).toBeInstanceOf(BaseError)
  })

  test('with a predicate: the first error that matches, itself included', () => {
    expect(top.walk((error) => LotError.isInstance(error))).toBe(middle)
    expect(top.walk((error) => TickError.isInstance(error))).toBe(top)
    expect(top.walk((error) => error === root)).toBe(root)
  })

  test('with a predicate that never matches: null', () => {
    expect(top.walk(() => false)).toBeNull()
  })

  test('stops on a cause chain that loops', () => {
    const a = new BaseError('a')
    const b = new BaseError('b', { cause: a })
    ;(a as { cause?: unknown }).cause = b
    expect(b.walk()).toBe(a)
    expect(b.walk(() => false)).toBeNull()
  })
})
