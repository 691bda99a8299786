// Many alert-hub sockets on one `asp serve` (bench/hub-sockets-bench.sh, issue 23): opens CONNECTIONS WebSockets to
// /api/alert?access_token=... (spread over the signed-in users of TOKENS_FILE), holds them all open, measures the
// server's resident memory before and after, publishes an alertReceived to some users through Redis (the channel
// kernel::realtime::publish_to_user writes) and checks that every socket of those users gets it, holds the sockets
// across one session check of the hub, and checks again that they are all still open.
// Usage: node sockets.mjs WS_BASE TOKENS_FILE CONNECTIONS SERVER_PID REDIS_PREFIX [HOLD_SECONDS]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import WebSocket from 'ws';

const [wsBase, tokensFile, connArg, pidArg, prefix, holdArg] = process.argv.slice(2);
const connections = Number(connArg);
const serverPid = Number(pidArg);
const holdSeconds = Number(holdArg ?? 35);
const users = JSON.parse(readFileSync(tokensFile, 'utf8')); // [{ user_id, token }]

const rssKiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mib = (kib) => (kib / 1024).toFixed(1);

const sockets = []; // { ws, user, open, closedCode, got: [] }
let failed = 0;
const failures = new Map();

function open(i) {
  const user = users[i % users.length];
  return new Promise((resolve) => {
    const entry = { user, open: false, closedCode: null, got: [] };
    const ws = new WebSocket(`${wsBase}/api/alert?access_token=${encodeURIComponent(user.token)}`, { perMessageDeflate: false });
    entry.ws = ws;
    ws.on('open', () => {
      entry.open = true;
      sockets.push(entry);
      resolve();
    });
    ws.on('message', (data) => entry.got.push(data.toString()));
    ws.on('close', (code) => {
      entry.open = false;
      entry.closedCode = code;
    });
    ws.on('unexpected-response', (_req, res) => {
      failed++;
      failures.set(`HTTP ${res.statusCode}`, (failures.get(`HTTP ${res.statusCode}`) ?? 0) + 1);
      resolve();
    });
    ws.on('error', (e) => {
      if (!entry.open) {
        failed++;
        failures.set(e.code ?? e.message, (failures.get(e.code ?? e.message) ?? 0) + 1);
        resolve();
      }
    });
  });
}

// Warm the server first (one socket opened and closed), so its one-time allocations are not counted per socket.
await open(0);
sockets.pop().ws.close();
await sleep(1000);
const before = rssKiB(serverPid);

const started = performance.now();
const inFlight = 200; // connecting at most this many at once, as browsers arriving together would
let next = 0;
await Promise.all(Array.from({ length: inFlight }, async () => {
  while (next < connections) {
    const i = next++;
    await open(i);
  }
}));
const openSeconds = (performance.now() - started) / 1000;
await sleep(2000);
const after = rssKiB(serverPid);
const openNow = () => sockets.filter((s) => s.open).length;
console.log(`opened ${sockets.length} of ${connections} sockets in ${openSeconds.toFixed(1)} s (${failed} refused${failed ? ': ' + JSON.stringify(Object.fromEntries(failures)) : ''}); open now ${openNow()}`);
console.log(`server RSS before ${mib(before)} MiB, with the sockets open ${mib(after)} MiB: ` +
  `${((after - before) / Math.max(1, sockets.length)).toFixed(1)} KiB per connection`);

// A message to a tenth of the users (at least one) reaches every socket they hold.
const targets = users.slice(0, Math.max(1, Math.floor(users.length / 10)));
const expected = sockets.filter((s) => targets.includes(s.user)).length;
const published = performance.now();
for (const t of targets) {
  const frame = JSON.stringify({ type: 'alertReceived', message: `bench hello ${t.user_id}` });
  execFileSync('redis-cli', ['PUBLISH', `${prefix}:rt:user:${t.user_id}`, frame]);
}
let deadline = performance.now() + 5000;
const delivered = () => sockets.filter((s) => s.got.some((m) => m.includes('bench hello'))).length;
while (delivered() < expected && performance.now() < deadline) await sleep(10);
const wrong = sockets.filter((s) => !targets.includes(s.user) && s.got.length > 0).length;
console.log(`published to ${targets.length} users: ${delivered()} of their ${expected} sockets got it within ` +
  `${(performance.now() - published).toFixed(0)} ms; sockets of other users that got anything: ${wrong}`);

// Held across one session check (realtime_session_check_seconds, 30 s by default): sessions alive, sockets stay.
await sleep(holdSeconds * 1000);
const held = rssKiB(serverPid);
const heldOpen = openNow();
const codes = {};
for (const s of sockets) if (!s.open) codes[s.closedCode] = (codes[s.closedCode] ?? 0) + 1;
console.log(`after holding ${holdSeconds} s: open ${heldOpen} of ${sockets.length}${Object.keys(codes).length ? ', closed with ' + JSON.stringify(codes) : ''}; ` +
  `server RSS ${mib(held)} MiB (${((held - before) / Math.max(1, sockets.length)).toFixed(1)} KiB per connection)`);

for (const s of sockets) s.ws.terminate();
await sleep(3000);
console.log(`after closing them: server RSS ${mib(rssKiB(serverPid))} MiB`);
process.exit(heldOpen === connections && failed === 0 && delivered() === expected && wrong === 0 ? 0 : 1);
