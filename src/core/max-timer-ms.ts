/**
 * The longest delay a Node timer holds, in ms (2^31 − 1, about 24.8 days). A longer one
 * overflows and fires after about 1 ms, so every deadline envrigger accepts is at most this.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;
