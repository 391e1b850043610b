/**
 * `Decimal.trimZeros` of a text already known to be a strict decimal string (a field's transform,
 * which valibot runs only after the field's format check passed): the same result, without
 * testing the form again.
 */
export function trimmed(value: string): string {
  if (!value.includes('.')) return value
  let end = value.length
  while (value.charCodeAt(end - 1) === 48 /* 0 */) end--
  if (value.charCodeAt(end - 1) === 46 /* . */) end--
  const out = value.slice(0, end)
  return out === '-0' ? '0' : out
}
