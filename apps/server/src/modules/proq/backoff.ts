/** The retry back-off: how long failed attempt n waits before the command may run again. */
export type BackoffPolicy = { minSeconds: number; maxSeconds: number; coefficient: number };

/** min(max, min × coefficient^(attempt−1)) seconds, attempt counting from 1. */
export function retryDelaySeconds(policy: BackoffPolicy, attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  const delay = policy.minSeconds * Math.pow(policy.coefficient, exponent);
  return Math.min(policy.maxSeconds, Number.isFinite(delay) ? delay : policy.maxSeconds);
}
