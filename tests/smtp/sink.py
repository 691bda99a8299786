"""A real SMTP server for the mail tests (aiosmtpd): every message it accepts is written to OUT_DIR as one .eml file.

    python sink.py --port PORT --out OUT_DIR [--reply "451 4.3.0 Try again later"] [--data-delay SECONDS]

Each file holds the envelope (X-Sink-Mail-From and one X-Sink-Rcpt-To line per recipient, added at the top) and then
the message exactly as received. Files appear whole (written under a temporary name, then renamed), named in arrival
order. With --reply the server answers every DATA with that reply instead of accepting (a 4xx or 5xx refusal), and
writes nothing. With --data-delay it waits that long after a message's data before answering, and keeps the message
only if the client is still connected then (a sender killed meanwhile never heard "250", so the message was not
delivered: the kill test of the mail sender, api/tests/it/alert_delivery.rs). It listens on 127.0.0.1 only and runs
until it is stopped.
"""

import argparse
import asyncio
import itertools
import os
import signal
import time

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, out_dir, reply, data_delay):
        self.out_dir = out_dir
        self.reply = reply
        self.data_delay = data_delay
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        if self.reply:
            return self.reply
        if self.data_delay > 0:
            await asyncio.sleep(self.data_delay)
            transport = getattr(server, "transport", None)
            if transport is None or transport.is_closing():
                return "421 4.4.2 Connection lost before delivery"
        n = next(self.counter)
        name = f"{time.time_ns()}-{os.getpid()}-{n:06d}.eml"
        header = f"X-Sink-Mail-From: {envelope.mail_from}\r\n" + "".join(
            f"X-Sink-Rcpt-To: {rcpt}\r\n" for rcpt in envelope.rcpt_tos
        )
        content = envelope.original_content or envelope.content
        if isinstance(content, str):
            content = content.encode("utf-8")
        tmp = os.path.join(self.out_dir, "." + name + ".tmp")
        with open(tmp, "wb") as f:
            f.write(header.encode("utf-8") + content)
        os.rename(tmp, os.path.join(self.out_dir, name))
        return "250 2.0.0 Message accepted for delivery"


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--reply", default="")
    parser.add_argument("--data-delay", type=float, default=0.0)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    handler = Sink(args.out, args.reply, args.data_delay)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(handler, hostname="smtp-sink.test", data_size_limit=10 * 1024 * 1024), host="127.0.0.1", port=args.port
    )
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print(f"SMTP sink on 127.0.0.1:{args.port}, messages in {args.out}", flush=True)
    await stop.wait()
    server.close()
    await server.wait_closed()


if __name__ == "__main__":
    asyncio.run(main())
