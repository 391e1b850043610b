/**
 * A function that runs `build` on its first call and returns that same value on every call:
 * schemas built on first use, so that importing a module builds none of them.
 */
export function once<value>(build: () => value): () => value {
  let built = false
  let value: value
  return () => {
    if (!built) {
      value = build()
      built = true
    }
    return value
  }
}
