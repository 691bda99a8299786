#!/usr/bin/env bash
# E-mail throughput (bench/README.md, issue 23 "Data and speed"): how many messages per second the mail job (job type
# 42 "Send e-mail and texts", kernel::mail::SendMail, docs/alerts-mail.md) hands to the local SMTP sink
# (tests/smtp/run-sink.sh, aiosmtpd writing one .eml file per message).
#   1. the sender: BENCH_MESSAGES (5,000) alert-shaped messages (text and HTML bodies) enqueued in asp.mail_outbox,
#      one `asp serve` with jobs on, the job due every second and a batch as large as the queue (ASP_MAIL_BATCH_SIZE),
#      scheduler tick 200 ms: messages per second from the first message sent to the last, and every message's file
#      in the sink;
#   2. the configured ceiling: BENCH_DEFAULT_MESSAGES (1,000) with the shipped settings (200 a run, every 10 s);
#   3. the sink's own floor: the same messages sent by Python's smtplib over one connection, no database.
# Environment: BENCH_PORT (18430), BENCH_SMTP_PORT (18431), BENCH_MESSAGES, BENCH_DEFAULT_MESSAGES (0 skips step 2),
# ASP_BIN, ASP_BENCH_KEEP=1.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
# shellcheck source=bench/alerts/lib.sh
source bench/alerts/lib.sh

port="${BENCH_PORT:-18430}"
smtp_port="${BENCH_SMTP_PORT:-18431}"
messages="${BENCH_MESSAGES:-5000}"
default_messages="${BENCH_DEFAULT_MESSAGES:-1000}"
bash scripts/ensure-services.sh --no-browser >/dev/null
bench_binary
bash tests/smtp/run-sink.sh install >/dev/null

outdir=$(mktemp -d /tmp/asp-mail-bench-sink.XXXXXX)
sink_pid=""
cleanup() {
  stop_servers
  [[ -n "$sink_pid" ]] && kill "$sink_pid" 2>/dev/null
  rm -rf "$outdir"
  bench_drop_database
}
trap cleanup EXIT
bench_database asp_mail_bench 0
# Only the mail job runs, so nothing else shares its runs.
psql "$OWNER_URL" -Xqc "update asp.job set active = false where job_id <> 42" >/dev/null
bash tests/smtp/run-sink.sh "$smtp_port" "$outdir" >/tmp/asp-mail-bench-sink.log 2>&1 &
sink_pid=$!
for _ in $(seq 1 60); do
  (exec 3<>"/dev/tcp/127.0.0.1/$smtp_port") 2>/dev/null && break
  sleep 0.5
done

# N messages of an alert's shape: one recipient each, a subject, a plain and an HTML body with the link.
enqueue() {
  psql "$OWNER_URL" -Xq -v ON_ERROR_STOP=1 -v n="$1" <<'SQL'
insert into asp.mail_outbox (client_id, site_id, channel, to_address, subject, text_body, html_body, message_id)
select s.client_id, s.site_id, 'email', 'bench' || g || '@demo.example', 'Requisition ' || (10000 + g) || ' waits for your approval',
       'A requisition of the maintenance team waits for your approval.' || chr(10) || chr(10)
         || 'Open it: http://127.0.0.1:8080/#/requisitions/' || (10000 + g) || chr(10) || repeat('Details of the line. ', 20),
       '<p>A requisition of the maintenance team waits for your approval.</p><p><a href="http://127.0.0.1:8080/#/requisitions/'
         || (10000 + g) || '">Open it</a></p><p>' || repeat('Details of the line. ', 20) || '</p>',
       '<' || gen_random_uuid() || '@mail.asp>'
from generate_series(1, :n) g, asp.site s where s.site_code = 'ACME-NORTH';
SQL
}

# Waits until the outbox holds no pending or sending row (or $1 seconds pass), then prints the figures of the rows
# sent since $2 (an epoch in seconds).
wait_sent() {
  local limit="$1" since="$2" waiting
  for _ in $(seq 1 $((limit * 2))); do
    waiting=$(psql "$OWNER_URL" -XAtc "select count(*) from asp.mail_outbox where state in ('pending', 'sending')")
    [[ "$waiting" == 0 ]] && break
    sleep 0.5
  done
  psql "$OWNER_URL" -XAtc "select count(*) filter (where state = 'sent') || ' sent, ' || count(*) filter (where state = 'failed') || ' failed, '
      || count(*) filter (where state in ('pending', 'sending')) || ' waiting; '
      || round((count(*) filter (where state = 'sent') - 1) / nullif(extract(epoch from max(sent_at) - min(sent_at)), 0)) || ' messages/s from the first sent to the last ('
      || round(extract(epoch from max(sent_at) - min(sent_at))::numeric, 2) || ' s); '
      || round(extract(epoch from max(sent_at) - to_timestamp($since))::numeric, 1) || ' s from the server start to the last sent'
    from asp.mail_outbox"
  psql "$OWNER_URL" -XAtc "select 'job runs: ' || count(*) || ', ' || string_agg(distinct results_detail, ' / ') from asp.job_run where job_id = 42 and results_detail like 'Sent %' and results_detail not like 'Sent 0,%'"
}

machine_note
log "1. the sender: $messages messages, batch $messages, the job due every second"
enqueue "$messages"
psql "$OWNER_URL" -Xqc "update asp.job set run_interval = 1, next_run = now() where job_id = 42" >/dev/null
since=$(date +%s)
start_server "$port" ASP_JOBS_ENABLED=true ASP_JOB_TICK_MS=200 ASP_MAIL_BATCH_SIZE="$messages" \
  ASP_SMTP_HOST=127.0.0.1 ASP_SMTP_PORT="$smtp_port" ASP_SMTP_TLS=none
printf 'the sender, %s messages: ' "$messages"
wait_sent 600 "$since"
printf 'the sink holds %s .eml files\n' "$(find "$outdir" -name '*.eml' | wc -l)"
stop_servers

if [[ "$default_messages" -gt 0 ]]; then
  log "2. the shipped settings: $default_messages messages, 200 a run, every 10 s"
  psql "$OWNER_URL" -Xqc "update asp.job set run_interval = 10, next_run = now() where job_id = 42; truncate asp.job_run" >/dev/null
  psql "$OWNER_URL" -Xqc "delete from asp.mail_outbox" >/dev/null
  enqueue "$default_messages"
  since=$(date +%s)
  start_server "$port" ASP_JOBS_ENABLED=true ASP_SMTP_HOST=127.0.0.1 ASP_SMTP_PORT="$smtp_port" ASP_SMTP_TLS=none
  printf 'shipped settings, %s messages: ' "$default_messages"
  wait_sent 600 "$since"
  stop_servers
fi

log "3. the sink's floor: smtplib over one connection"
python3 - "$smtp_port" "$messages" <<'PY'
import smtplib, sys, time, uuid
from email.message import EmailMessage
port, n = int(sys.argv[1]), int(sys.argv[2])
details = 'Details of the line. ' * 20
msgs = []
for g in range(1, n + 1):
    m = EmailMessage()
    m['From'] = 'ASP <asp@localhost>'
    m['To'] = f'bench{g}@demo.example'
    m['Subject'] = f'Requisition {10000 + g} waits for your approval'
    m['Message-ID'] = f'<{uuid.uuid4()}@mail.asp>'
    m.set_content(f'A requisition of the maintenance team waits for your approval.\n\nOpen it: http://127.0.0.1:8080/#/requisitions/{10000 + g}\n{details}')
    m.add_alternative(f'<p>A requisition of the maintenance team waits for your approval.</p><p><a href="http://127.0.0.1:8080/#/requisitions/{10000 + g}">Open it</a></p><p>{details}</p>', subtype='html')
    msgs.append(m)
start = time.perf_counter()
with smtplib.SMTP('127.0.0.1', port) as s:
    for m in msgs:
        s.send_message(m)
elapsed = time.perf_counter() - start
print(f'sink floor, smtplib over one connection: {n} messages in {elapsed:.2f} s = {n / elapsed:.0f} messages/s')
PY

log "4. why: the same SMTP exchange by hand, the body and its terminating dot in two writes as lettre 0.11 sends them"
# lettre writes the encoded body, flushes, then writes "\r\n.\r\n" on its own, on a socket with Nagle's algorithm on
# (it never sets TCP_NODELAY): the 5-byte write waits for the sink to acknowledge the body, and the receiver delays
# that acknowledgement (40 ms on Linux). This replays the exchange both ways, and as one write.
python3 - "$smtp_port" <<'PY'
import socket, sys, time
port = int(sys.argv[1])
def run(nodelay, split, n=100):
    s = socket.create_connection(('127.0.0.1', port))
    if nodelay:
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    f = s.makefile('rb')
    def reply():
        while True:
            line = f.readline()
            if line[3:4] != b'-':
                return line
    reply(); s.sendall(b'EHLO bench\r\n'); reply()
    body = b'Subject: t\r\nFrom: asp@localhost\r\nTo: bench@demo.example\r\n\r\n' + b'Details of the line. ' * 60 + b'\r\n'
    start = time.perf_counter()
    for _ in range(n):
        for c in (b'MAIL FROM:<asp@localhost>\r\n', b'RCPT TO:<bench@demo.example>\r\n', b'DATA\r\n'):
            s.sendall(c); reply()
        if split:
            s.sendall(body); s.sendall(b'\r\n.\r\n')
        else:
            s.sendall(body + b'\r\n.\r\n')
        reply()
    rate = n / (time.perf_counter() - start)
    s.sendall(b'QUIT\r\n'); s.close()
    return rate
print(f'by hand: body and dot in two writes, Nagle on (as lettre): {run(False, True):.0f}/s; '
      f'two writes with TCP_NODELAY: {run(True, True):.0f}/s; one write, Nagle on: {run(False, False):.0f}/s')
PY
