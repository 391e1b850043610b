// The unified account's rules: its endpoints, strategy orders and the strategy support matrix.
export * as Strategy from '../Strategy.js'
export * as StrategySupport from '../StrategySupport.js'
export * as Unified from '../Unified.js'
