// Toast latency across two replicas (bench/toast-bench.sh, issue 23): one alert-hub socket per listening user of
// PAIRS_FILE on replica B; RATE events per second for SECONDS raised through replica A's API (open loop: each request
// starts at its scheduled time, whatever the previous ones are doing), event n by the raiser of pair n % pairs, whose
// current site's only recipient is that pair's listener; the time from an event's scheduled start to its toast frame
// arriving at the listener's socket, p50/p95/p99/max.
// Usage: node toast.mjs A_BASE B_WS_BASE PAIRS_FILE RATE SECONDS [OPERATION [IDLE_FILE IDLE_SOCKETS]]
//   PAIRS_FILE: [{ raiser_token, user_id, token }] (the listener's id and token).
//   OPERATION: the raising call, POST under /api/V1/Alerts/ (default Notification/Insert: the site's users whose
//   settings want it); Inbox/UserNotification/Insert names the listener instead. The answer's `recipients` is the
//   number of toasts expected.
//   IDLE_FILE, IDLE_SOCKETS: that many more sockets on replica B, of the users of IDLE_FILE ([{ user_id, token }]), who
//   receive nothing: the other people online at the replica (every socket of a process sees every message and
//   filters it by its user).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import WebSocket from 'ws';

const [aBase, bWs, pairsFile, rateArg, secondsArg, operation = 'Notification/Insert', idleFile, idleArg = '0'] = process.argv.slice(2);
const users = JSON.parse(readFileSync(pairsFile, 'utf8')); // [{ raiser_token, user_id, token }]
const rate = Number(rateArg);
const seconds = Number(secondsArg);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const a = new URL(aBase);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const scheduled = new Map(); // event number -> scheduled start (performance.now())
const latencies = [];
const frameTypes = {};
let unmatched = 0;
let closed = 0;

// One socket per user on replica B.
await Promise.all(users.map((u) => new Promise((resolve, reject) => {
  const ws = new WebSocket(`${bWs}/api/alert?access_token=${encodeURIComponent(u.token)}`, { perMessageDeflate: false });
  ws.on('open', resolve);
  ws.on('error', reject);
  ws.on('close', () => closed++);
  ws.on('message', (data) => {
    const at = performance.now();
    const text = data.toString();
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      unmatched++;
      return;
    }
    frameTypes[frame.type] = (frameTypes[frame.type] ?? 0) + 1;
    const m = /bench toast (\d+)/.exec(frame.message ?? '');
    if (!m || !scheduled.has(Number(m[1]))) {
      unmatched++;
      return;
    }
    latencies.push(at - scheduled.get(Number(m[1])));
  });
})));
const idleSockets = Number(idleArg);
const idleUsers = idleSockets > 0 ? JSON.parse(readFileSync(idleFile, 'utf8')) : [];
let idleOpen = 0;
for (let i = 0; i < idleSockets; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, idleSockets - i) }, (_, k) => new Promise((resolve, reject) => {
    const u = idleUsers[(i + k) % idleUsers.length];
    const ws = new WebSocket(`${bWs}/api/alert?access_token=${encodeURIComponent(u.token)}`, { perMessageDeflate: false });
    ws.on('open', () => {
      idleOpen++;
      resolve();
    });
    ws.on('error', reject);
    ws.on('message', () => unmatched++);
  })));
}
console.log(`${users.length} listening sockets open on replica B${idleSockets ? `, and ${idleOpen} idle ones` : ''}`);

function raise(n, user) {
  const message = { subject: `bench toast ${n}`, body: `bench toast ${n} body` };
  const body = JSON.stringify(operation.includes('UserNotification') ? { asp_users_ids: [user.user_id], ...message } : message);
  return new Promise((resolve) => {
    const start = performance.now();
    const req = http.request({
      host: a.hostname, port: a.port, path: `/api/V1/Alerts/${operation}`, method: 'POST', agent,
      headers: { Authorization: `Bearer ${user.raiser_token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let recipients = 0;
        try {
          recipients = JSON.parse(text).recipients ?? 0;
        } catch { /* counted as an error below */ }
        resolve({ status: res.statusCode, ms: performance.now() - start, recipients, text });
      });
    });
    req.on('error', (e) => resolve({ status: 0, ms: performance.now() - start, recipients: 0, text: e.message }));
    req.end(body);
  });
}

const total = Math.round(rate * seconds);
const t0 = performance.now() + 100;
const pending = [];
for (let n = 0; n < total; n++) {
  const at = t0 + (n * 1000) / rate;
  const wait = at - performance.now();
  if (wait > 1) await sleep(wait);
  scheduled.set(n, at);
  pending.push(raise(n, users[n % users.length]));
}
const answers = await Promise.all(pending);
const sendSeconds = (performance.now() - t0) / 1000;
const expected = answers.reduce((s, r) => s + r.recipients, 0);
const deadline = performance.now() + 5000;
while (latencies.length < expected && performance.now() < deadline) await sleep(20);

const errors = answers.filter((r) => r.status !== 200);
const pct = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
latencies.sort((x, y) => x - y);
const posts = answers.map((r) => r.ms).sort((x, y) => x - y);
console.log(`raised ${total} events through replica A in ${sendSeconds.toFixed(1)} s (${(total / sendSeconds).toFixed(0)}/s); ` +
  `answers not 200: ${errors.length}${errors.length ? ' (first: ' + errors[0].status + ' ' + errors[0].text.slice(0, 200) + ')' : ''}; ` +
  `POST p50 ${pct(posts, 0.5).toFixed(1)} ms, p99 ${pct(posts, 0.99).toFixed(1)} ms`);
if (latencies.length) {
  console.log(`toasts at replica B: ${latencies.length} of ${expected} expected; from raising to the frame: p50 ${pct(latencies, 0.5).toFixed(1)} ms, ` +
    `p95 ${pct(latencies, 0.95).toFixed(1)} ms, p99 ${pct(latencies, 0.99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`);
} else {
  console.log(`toasts at replica B: none of ${expected} expected arrived`);
}
console.log(`frames by type: ${JSON.stringify(frameTypes)}; unmatched ${unmatched}; sockets closed ${closed}`);
agent.destroy();
process.exit(latencies.length === expected && expected > 0 && errors.length === 0 ? 0 : 1);
