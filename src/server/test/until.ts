const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, asking every 20 ms; returns how long it took (ms), or fails after `limitMs`. */
export async function until(check: () => boolean | Promise<boolean>, limitMs: number, what: string): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if (await check()) return performance.now() - start;
    await sleep(20);
  }
  throw new Error(`${what} did not happen within ${limitMs} ms`);
}
