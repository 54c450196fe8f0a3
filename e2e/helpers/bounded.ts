/**
 * `promise`, or an error naming `step` after `ms`. For calls that have no timeout of their own (raw CDP
 * commands, axe's analysis, a fetch inside `page.evaluate`): without a bound such a call waits out the whole
 * test, and the report says only "Test timeout exceeded" (the CI of 27 Nov 2026), not which step hung.
 * @param promise the call
 * @param step what it is, for the error message
 * @param ms the bound, milliseconds (default 60 s: generous for a loaded 2-core machine)
 * @throws Error `${step} did not answer within N s`
 */
export async function bounded<T>(promise: Promise<T>, step: string, ms = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} did not answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
