// Load on connections kept from the warm-up, as nginx keeps its own open to the API processes
// (deploy/nginx: keepalive), next to autocannon's figures, whose measured run opens them anew.
import http from 'node:http';

export interface KeptRun {
  reqPerSec: number;
  /** Requests measured. */
  total: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * Asks `origin` on up to `connections` keep-alive connections: `ask(path)` answers the response's
 * status once its body has been read (0 when the request failed).
 */
export function keptClient(origin: string, connections: number, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const ask = (path: string) =>
    new Promise<number>((resolve) => {
      const request = http.request({ host: hostname, port, path, agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', () => resolve(0));
      request.end();
    });
  return { ask, close: () => agent.destroy() };
}

/** The latency below which `share` of the sorted `ms` lie. */
const percentile = (ms: number[], share: number) => Math.round(ms[Math.max(0, Math.ceil(share * ms.length) - 1)] ?? 0);

/**
 * `connections` clients, each asking for `nextPath()` one request after another on a kept-alive
 * connection: `warmUp` seconds (when the connections are opened and accepted), then `duration`
 * seconds measured. No measured request waits for the server to accept its connection: Node 20
 * accepts one new connection per turn of its event loop (docs/deploy.md), which puts the first
 * requests of autocannon's freshly opened connections behind up to 50 busy turns.
 */
export async function measureKept(options: {
  origin: string;
  headers: Record<string, string>;
  connections: number;
  warmUp: number;
  duration: number;
  nextPath: () => string;
  /** Called when the measured part begins (to read the CPU counters, say). */
  onMeasureStart?: () => void;
}): Promise<KeptRun> {
  const { ask, close } = keptClient(options.origin, options.connections, options.headers);
  const measureFrom = Date.now() + options.warmUp * 1000;
  const endAt = measureFrom + options.duration * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const startTimer = options.onMeasureStart && setTimeout(options.onMeasureStart, measureFrom - Date.now());
  const client = async () => {
    while (Date.now() < endAt) {
      const started = performance.now();
      const measured = Date.now() >= measureFrom;
      const status = await ask(options.nextPath());
      if (!measured) continue;
      latencies.push(performance.now() - started);
      if (status < 200 || status >= 300) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client)).finally(() => clearTimeout(startTimer));
  close();
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(latencies.length / options.duration),
    total: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: Math.round(latencies.at(-1) ?? 0),
    errors,
  };
}
