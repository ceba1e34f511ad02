/**
 * Runs `task` every `intervalMs`, one run at a time (a run still going skips the tick), without
 * keeping the process alive. Returns a function that stops it. Background jobs (e-mail delivery,
 * webhook delivery, expiring orders) use it.
 */
export function startIntervalWorker(
  task: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void = () => undefined,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
