// A small closed-loop HTTP load generator on undici: `connections` clients each send the next
// request when the previous answer arrived, for `seconds` after a warm-up. Answers the rate,
// the failures and the latency of every counted request (ms).
import { Pool } from 'undici';

export async function measureRps(url, { path, headers = {}, connections = 32, seconds = 5, warmup = 1 }) {
  const pool = new Pool(url, { connections, pipelining: 1 });
  let count = 0;
  let errors = 0;
  let counting = false;
  let stop = false;
  const latencies = [];
  const worker = async () => {
    while (!stop) {
      const sent = performance.now();
      try {
        const res = await pool.request({ path, method: 'GET', headers });
        const body = await res.body.text();
        if (res.statusCode !== 200 || !body.startsWith('{"code":0')) errors++;
        else if (counting) {
          count++;
          latencies.push(performance.now() - sent);
        }
      } catch {
        errors++;
      }
    }
  };
  const workers = Array.from({ length: connections }, worker);
  await new Promise((r) => setTimeout(r, warmup * 1000));
  counting = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(workers);
  await pool.close();
  return { rps: count / elapsed, errors, count, latencies };
}

/** The p-th quantile (0..1) of some latencies. */
export function quantile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
