/**
 * Checks a condition again and again (each check a request or a file read), `everyMs` apart,
 * until it holds; fails naming `what` once `timeoutMs` have passed.
 */
export async function until(
  what: string,
  condition: () => Promise<boolean> | boolean,
  { timeoutMs = 15_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
