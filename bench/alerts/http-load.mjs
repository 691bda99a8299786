// A closed-loop GET load (bench/inbox-bench.sh): CONCURRENCY keep-alive connections each sending the next request as
// soon as the previous one answered, for SECONDS, cycling through the requests of REQUESTS_FILE ([{ path, token }]);
// prints the rate and the latency percentiles of every request timed (after a one-second warm-up).
// Usage: node http-load.mjs BASE_URL REQUESTS_FILE CONCURRENCY SECONDS LABEL
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [base, file, concArg, secondsArg, label] = process.argv.slice(2);
const requests = JSON.parse(readFileSync(file, 'utf8'));
const concurrency = Number(concArg);
const seconds = Number(secondsArg);
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get(r) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const req = http.request({ host: url.hostname, port: url.port, path: r.path, agent, headers: { Authorization: `Bearer ${r.token}` } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: res.statusCode, body }));
    });
    req.on('error', (e) => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: 0, body: e.message }));
    req.end();
  });
}

let next = 0;
const times = [];
let errors = 0;
let firstError = '';
const warmUntil = performance.now() + 1000;
let measuredFrom = 0;
const end = warmUntil + seconds * 1000;
await Promise.all(Array.from({ length: concurrency }, async () => {
  while (performance.now() < end) {
    const r = requests[next++ % requests.length];
    const res = await get(r);
    if (performance.now() < warmUntil) continue;
    if (!measuredFrom) measuredFrom = performance.now() - res.ms;
    times.push(res.ms);
    if (res.status !== 200) {
      errors++;
      firstError ||= `${res.status} ${res.body.slice(0, 200)}`;
    }
  }
}));
const elapsed = (performance.now() - measuredFrom) / 1000;
times.sort((a, b) => a - b);
const pick = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
console.log(`${label}, ${concurrency} connection${concurrency > 1 ? 's' : ''}: ${times.length} requests in ${elapsed.toFixed(1)} s = ` +
  `${Math.round(times.length / elapsed)}/s; p50 ${pick(0.5).toFixed(2)} ms, p95 ${pick(0.95).toFixed(2)} ms, ` +
  `p99 ${pick(0.99).toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms; errors ${errors}${firstError ? ' (' + firstError + ')' : ''}`);
agent.destroy();
