import { describe, expect, test } from 'vitest'
import { runDemo } from './session.js'

describe('runDemo', () => {
  test('every step of the demo session (unified, then classic futures, then the classic bot) behaves as the demo says, within the rate limits', async () => {
    const streamLines: string[] = []
    const printed: string[] = []
    // Each event with the number of rows printed when it arrived: the demo prints it under the
    // row of the step that was running.
    const during: Record<string, number> = {}
    const { rows, failures, facts, responses } = await runDemo({
      onStreamEvent: (line) => {
        streamLines.push(line)
        during[line] = printed.length + 1
      },
      onRow: (row) => printed.push(row[0]),
    })
    // Rows are handed over as their steps end, in order.
    expect(printed).toEqual(rows.map((row) => row[0]))
    expect(rows.filter((row) => row[2].startsWith('UNEXPECTED'))).toEqual([])
    expect(failures).toBe(0)
    expect(rows.map((row) => row[0])).toEqual(Array.from({ length: 39 }, (_, i) => String(i + 1)))
    expect(rows.map((row) => row[1].split('(')[0])).toEqual([
      'market.getStates',
      'orders.getOpen',
      'Endpoint.check',
      'TickSize.round*, then check, hedge mode',
      'createUnifiedStream',
      'orders.place',
      'orders.modify',
      'orders.cancel',
      'orders.place',
      'stream events of the order steps',
      'stream: a live fill; dropped; a fill, a partial fill and a cancel while down',
      'batch.place',
      'strategy.place',
      'DeadManSwitch',
      'admin.advanceClock',
      'orders.getOpen',
      'orders.getOpen',
      'orders.getOpen',
      'orders.getOpen',
      'classic orders.place',
      'classic account.setPositionMode',
      'classic orders.reverse',
      'classic orders.modify',
      'classic batch.place',
      'createClassicFuturesStream',
      'securities market.getOptionChain',
      'securities transfer',
      'securities orders.place',
      'securities orders.place',
      'securities account.getPositions',
      'savings getSubscribeInfo',
      'createUnifiedMarketStream',
      'classic bot account.get',
      'classic bot account.setMarginMode',
      'classic bot orders.place',
      'classic bot admin price 66100 ',
      'classic bot orders.getFills',
      'classic bot plans.place',
      'savings subscribe',
    ])
    expect(facts).toMatchObject({
      openAfterReconcile: 1,
      progress: ['20/50', '40/50', '50/50'],
      batch: { ok: 49, rejected: 1, failed: 0 },
      strategyStatus: 'success',
      heartbeats: 3,
      openAfterLapse: 0,
      cancelledByCountdown: 50,
    })
    expect(facts.classic).toMatchObject({
      oneWay: { state: 'filled', position: 'net 0.01' },
      hedge: 'long 0.02, short 0.01',
      // Hedge mode, buy with size 0.01: 0.01 of the long closes and 0.01 more short opens.
      reversal: { before: 'long 0.02, short 0.01', after: 'long 0.01, short 0.02' },
      modify: { oldState: 'canceled', newState: 'live' },
      progress: ['50/120', '100/120', '120/120'],
      batch: { ok: 120, rejected: 0, failed: 0, requests: 3 },
    })
    const { oldOrderId, newOrderId } = facts.classic.modify
    expect(newOrderId).toMatch(/^\d+$/)
    expect(newOrderId).not.toBe(oldOrderId)
    expect(rows[15]?.[2]).toContain('40012')
    expect(responses.tooManyRequests).toBe(0)
    // The private stream: the stream's live and replayed events, in order, each once.
    expect(streamLines.filter((l) => l.startsWith('live  order'))).toHaveLength(7)
    expect(streamLines.filter((l) => l.startsWith('live  fill'))).toHaveLength(1)
    expect(streamLines.filter((l) => l.startsWith('replayed'))).toHaveLength(4)
    // The live order book: every update applied and verified, equal to the sandbox's at the end.
    expect(rows[31]?.[2]).toMatch(
      /^snapshot \+ 200 updates, each checksum verified .* equal to the sandbox book$/,
    )
    // The classic stream: an order's three states and its two fills, live, each once.
    expect(streamLines.filter((l) => l.startsWith('classic order'))).toHaveLength(3)
    expect(streamLines.filter((l) => l.startsWith('classic fill'))).toHaveLength(2)
    // Events arrive during the steps that cause them: the replays in the drop step (11), the
    // classic ones in the classic stream step (25).
    const stepsOf = (prefix: string) => [
      ...new Set(streamLines.filter((l) => l.startsWith(prefix)).map((l) => during[l])),
    ]
    expect(stepsOf('replayed')).toEqual([11])
    expect(stepsOf('classic')).toEqual([25])
    // The classic bot session: the mode read from the account, the settings read back, the
    // take-profit closing the long, its fill and bill, and the trailing stop's path.
    expect(rows.slice(32, 38).map((row) => row[2])).toEqual([
      expect.stringMatching(
        /^posMode hedge_mode read from the account: an order without tradeSide is then refused unsent/,
      ),
      expect.stringContaining('account.get reads isolated 5x/5x'),
      expect.stringMatching(
        /filled: long 0\.01 \(isolated, 5x\); pending loss_plan @ 63000, profit_plan @ 66000$/,
      ),
      'position flat; loss_plan cancelled, profit_plan executed',
      expect.stringMatching(
        /sell 0\.01 @ 66100 \(profit 11\); bill close_long 11 USDT, balance 10011$/,
      ),
      expect.stringMatching(
        /66600 live → 67000 live → 66500 live → 66300 executed; short 0\.01 \(isolated, 5x\), then flash close → flat$/,
      ),
    ])
    // The savings subscription: placed by the client, its result read by the orderId it answered.
    expect(rows[38]?.[2]).toMatch(/^subscription …\d+: success, holding 100 USDT /)
    expect(responses.total).toBeGreaterThan(20)
  }, 30_000)
})
