/**
 * The Lua scripts of the Redis store. Times are integer microseconds of the Redis server clock
 * (`TIME`), written with `%.0f` so no digit is lost; one script call checks and takes every
 * rule of one acquire atomically.
 *
 * take: KEYS = pause, epoch and count key of each scope, then one key per budget, then one pace
 * key per 'p' budget (in order). ARGV = scopes, marginUs, member, leaseTtlUs, epochTtlMs,
 * coldStart (1|0), then the highest count this process has seen of each scope, then per budget
 * kind ('w' window, 'p' window counted until settled and paced, 's' spacing, 'c' concurrency),
 * limit, sizeUs (window or spacing), cost.
 * Answers {1, nowUs, count of each scope} when taken, {0, waitUs, full} when refused (waitUs -1:
 * wait for a release).
 *
 * The count key of a scope counts its admissions. A count below the highest the process has
 * seen means Redis went back in time (a restart from an older snapshot, writes lost to
 * `appendfsync everysec`, a failover to a replica that lagged): its windows miss calls that were
 * admitted, so the scope starts a new epoch, as if Redis had no record of it, and the count
 * resumes from what the process saw.
 *
 * A call counted until settled ('p') is entered at `now + leaseTtl` while it is in flight (the
 * heartbeat of `renew` moves it on; `release` moves it to the settle time), so it is never pruned
 * while it may still reach the server, as the memory store keeps a held call in its window: the
 * room it holds comes back a span after its take (or last renew), or, once that passed with the
 * call still in flight, at its release ("wait for a release").
 *
 * A pace key (a hash, as `paceGap` of the memory store): absent while the window has not been
 * full since a whole span passed with nothing counted after a paced call; `next`, the earliest
 * next admission (0 until the first paced one), and `spread`, the weight admitted since pacing
 * began.
 */
export const takeScript = `
local function str(x) return string.format('%.0f', x) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local scopes = tonumber(ARGV[1])
local margin = tonumber(ARGV[2])
local member = ARGV[3]
local leaseTtl = tonumber(ARGV[4])
-- Two heartbeats of a held call's renew (heartbeatMs of the store: a third of the lease, 100 ms to 1 s).
local hold = 2 * math.min(1000000, math.max(100000, leaseTtl / 3))
local epochTtl = ARGV[5]
local cold = ARGV[6] == '1'
local wait = 0
local full = 0
local epoch = 0
for i = 1, scopes do
  local pauseKey, epochKey, countKey = KEYS[3 * i - 2], KEYS[3 * i - 1], KEYS[3 * i]
  -- The epoch is when Redis started counting this scope. Missing means first use or lost data
  -- (a restart without persistence): calls admitted before it are unknown to this store; a
  -- count below one the process saw means data rolled back: the same.
  local since = redis.call('GET', epochKey)
  local count = redis.call('GET', countKey)
  if count then redis.call('PEXPIRE', countKey, epochTtl) end
  if tonumber(ARGV[6 + i]) > tonumber(count or '0') then
    redis.call('SET', countKey, ARGV[6 + i], 'PX', epochTtl)
    since = false
  end
  if since then
    redis.call('PEXPIRE', epochKey, epochTtl)
    since = tonumber(since)
  else
    redis.call('SET', epochKey, str(now), 'PX', epochTtl)
    since = now
  end
  if since > epoch then epoch = since end
  local pausedUntil = tonumber(redis.call('GET', pauseKey) or '0')
  if pausedUntil > now and pausedUntil - now > wait then wait = pausedUntil - now end
end
local first = 3 * scopes
local budgets = (#ARGV - 6 - scopes) / 4
local paces = first + budgets
local paced = 0
for j = 1, budgets do
  local key = KEYS[first + j]
  local a = 7 + scopes + (j - 1) * 4
  local kind, limit, size, cost = ARGV[a], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3])
  if kind == 'w' or kind == 'p' then
    local span = size + margin
    if cold and now < epoch + span and epoch + span - now > wait then wait = epoch + span - now end
    redis.call('ZREMRANGEBYSCORE', key, '-inf', str(now - span))
    local entries = redis.call('ZRANGE', key, 0, -1, 'WITHSCORES')
    local used = 0
    for k = 1, #entries, 2 do used = used + tonumber(string.match(entries[k], '[^:]*$')) end
    if kind == 'p' then
      paced = paced + 1
      local paceKey = KEYS[paces + paced]
      local nextAt = redis.call('HGET', paceKey, 'next')
      -- Pacing ends once a whole span passed with nothing counted after a paced call.
      if used == 0 and nextAt ~= '0' then
        redis.call('DEL', paceKey)
      else
        nextAt = tonumber(nextAt or '0')
        if nextAt - now > wait then wait = nextAt - now end
        if used + cost > limit and redis.call('EXISTS', paceKey) == 0 then
          redis.call('HSET', paceKey, 'next', '0', 'spread', '0')
          redis.call('PEXPIRE', paceKey, math.ceil(3 * span / 1000) + 1)
        end
      end
    end
    if used + cost > limit then
      local retryAt = now + span
      for k = 1, #entries, 2 do
        local score = tonumber(entries[k + 1])
        -- A call in flight sits at its last take or renew plus the lease: counted from then.
        local held = score > now
        if held then score = score - leaseTtl end
        used = used - tonumber(string.match(entries[k], '[^:]*$'))
        if used + cost <= limit then
          retryAt = score + span
          -- Past its window and still in flight: the room comes back at its release.
          if held and retryAt <= now then full = 1 retryAt = now end
          break
        end
      end
      if retryAt - now > wait then wait = retryAt - now end
    end
  elseif kind == 's' then
    local gap = size + margin
    if cold and now < epoch + gap and epoch + gap - now > wait then wait = epoch + gap - now end
    local last = redis.call('GET', key)
    if last and now - tonumber(last) < gap and tonumber(last) + gap - now > wait then
      wait = tonumber(last) + gap - now
    end
  else
    -- In a new epoch, calls still in flight are unknown until their processes renew them: the
    -- cap stays closed for two heartbeats (hold, above).
    if cold and now < epoch + hold and epoch + hold - now > wait then wait = epoch + hold - now end
    redis.call('ZREMRANGEBYSCORE', key, '-inf', str(now))
    if redis.call('ZCARD', key) >= limit then full = 1 end
  end
end
if wait > 0 then return {0, str(wait), full} end
if full == 1 then return {0, '-1', 1} end
paced = 0
for j = 1, budgets do
  local key = KEYS[first + j]
  local a = 7 + scopes + (j - 1) * 4
  local kind, limit, size, cost = ARGV[a], tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), ARGV[a + 3]
  if kind == 'w' or kind == 'p' then
    local life = size + margin
    if kind == 'p' then
      redis.call('ZADD', key, str(now + leaseTtl), member .. ':' .. cost)
      life = life + leaseTtl
    else
      redis.call('ZADD', key, str(now), member .. ':' .. cost)
    end
    -- Never shortened: the key may hold a call in flight that lives longer.
    local keep = math.ceil(life / 1000) + 1
    if redis.call('PTTL', key) < keep then redis.call('PEXPIRE', key, keep) end
    if kind == 'p' then
      paced = paced + 1
      local paceKey = KEYS[paces + paced]
      local spread = redis.call('HGET', paceKey, 'spread')
      if spread then
        local span = size + margin
        local gap = tonumber(cost) * span / limit
        if tonumber(spread) + tonumber(cost) >= limit then gap = gap / 4 end -- paceFloor of the memory store
        redis.call('HSET', paceKey, 'next', str(now + gap), 'spread', str(tonumber(spread) + tonumber(cost)))
        redis.call('PEXPIRE', paceKey, math.ceil(3 * span / 1000) + 1)
      end
    end
  elseif kind == 's' then
    redis.call('SET', key, str(now), 'PX', math.ceil((size + margin) / 1000) + 1)
  else
    redis.call('ZADD', key, str(now + leaseTtl), member)
    redis.call('PEXPIRE', key, math.ceil(leaseTtl / 1000) + 1)
  end
end
local answer = {1, str(now)}
for i = 1, scopes do
  local countKey = KEYS[3 * i]
  answer[2 + i] = redis.call('INCR', countKey)
  redis.call('PEXPIRE', countKey, epochTtl)
end
return answer
`

/**
 * release: KEYS = the call's budget keys, ARGV = member, then per key kind, sizeUs, cost. A
 * window entry or spacing mark moves to now (the call reached the server by then); a
 * concurrency lease is given back. Nothing newer than Redis 6.0 is used.
 */
export const releaseScript = `
local function str(x) return string.format('%.0f', x) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local member = ARGV[1]
for i = 1, #KEYS do
  local a = 2 + (i - 1) * 3
  local kind, size, cost = ARGV[a], tonumber(ARGV[a + 1]), ARGV[a + 2]
  if kind == 'w' then
    redis.call('ZADD', KEYS[i], 'XX', str(now), member .. ':' .. cost)
    local keep = math.ceil(size / 1000) + 1
    if redis.call('PTTL', KEYS[i]) < keep then redis.call('PEXPIRE', KEYS[i], keep) end
  elseif kind == 's' then
    local last = tonumber(redis.call('GET', KEYS[i]) or '0')
    if now > last then redis.call('SET', KEYS[i], str(now), 'PX', math.ceil(size / 1000) + 1) end
  else
    redis.call('ZREM', KEYS[i], member)
  end
end
return 1
`

/**
 * renew: KEYS = the held call's concurrency keys and window keys, ARGV = member, leaseTtlUs, then
 * per key 'c' (a concurrency lease) or 'w:<cost>:<spanUs>' (a window entry of a call counted
 * until settled). Extends a live lease, and a window entry still in flight (one at its settle
 * time is left there), by `leaseTtl` from now; one Redis lost (data lost, a new epoch) is added
 * again, since the call is still in flight.
 */
export const renewScript = `
local function str(x) return string.format('%.0f', x) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local ttl = tonumber(ARGV[2])
for i = 1, #KEYS do
  local spec = ARGV[2 + i] or 'c'
  if spec == 'c' then
    redis.call('ZADD', KEYS[i], str(now + ttl), ARGV[1])
    redis.call('PEXPIRE', KEYS[i], math.ceil(ttl / 1000) + 1)
  else
    local cost, span = string.match(spec, '^w:([^:]*):(.*)$')
    local m = ARGV[1] .. ':' .. cost
    local score = redis.call('ZSCORE', KEYS[i], m)
    if not score or tonumber(score) > now then
      redis.call('ZADD', KEYS[i], str(now + ttl), m)
      local keep = math.ceil((ttl + tonumber(span)) / 1000) + 1
      if redis.call('PTTL', KEYS[i]) < keep then redis.call('PEXPIRE', KEYS[i], keep) end
    end
  end
end
return 1
`

/** pause: KEYS = pause keys, ARGV[1] = ms. Never shortens a longer pause. */
export const pauseScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local ms = tonumber(ARGV[1])
local untilUs = now + ms * 1000
for i = 1, #KEYS do
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  if untilUs > current then
    redis.call('SET', KEYS[i], string.format('%.0f', untilUs), 'PX', math.ceil(ms) + 1)
  end
end
return 1
`

/**
 * epoch: KEYS[1] = a scope's epoch key, ARGV[1] = epochTtlMs. Starts the scope's epoch now
 * (never earlier than it was), as if Redis had just met it: calls were counted elsewhere.
 */
export const epochScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local since = tonumber(redis.call('GET', KEYS[1]) or '0')
if now > since then
  redis.call('SET', KEYS[1], string.format('%.0f', now), 'PX', ARGV[1])
end
return 1
`
