// The one statistic of the bench's ratios: the median of per-round ratios. Contenders run in
// interleaved rounds of the same run; each round's figure is divided by the baseline's figure of
// that same round, and the median of those quotients is reported. A noisy moment of a shared
// machine then moves a contender and its baseline together. (The ratio of the two medians can
// differ: a contender whose slow round falls in the baseline's fast round.)

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values) {
  if (values.length === 0) throw new Error('the median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** The median of `values[i] / baseline[i]`: the figures of the same rounds, paired. */
export function medianOfRatios(values, baseline) {
  if (values.length !== baseline.length)
    throw new Error(`${values.length} rounds against ${baseline.length} of the baseline`)
  return median(values.map((value, i) => value / baseline[i]))
}

/**
 * Per contender of `list` (`{ id, name, group, does }`), from its per-round figures in `times`
 * (a Map by id): the median figure and the median of per-round ratios to each baseline named in
 * `baselines` (`{ vsPool: 'pool' }`: the key of the result and the baseline's id).
 */
export function summarize(list, times, baselines) {
  return list.map((c) => {
    const own = times.get(c.id)
    const row = { id: c.id, name: c.name, group: c.group, does: c.does, rounds: own.length }
    row.us = median(own)
    for (const [key, id] of Object.entries(baselines)) row[key] = medianOfRatios(own, times.get(id))
    return row
  })
}
