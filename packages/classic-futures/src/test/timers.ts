/** Test helper: timers and a clock that move only when told to (shared by every package's tests). */
export { manualTimers } from '@tradeline/fuzz/timers'
