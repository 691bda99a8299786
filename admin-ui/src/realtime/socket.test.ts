import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, ReconnectingSocket, SESSION_ENDED } from './socket';
import { FakeSocket, fakeFactory } from './fakeSocket';

const quiet = () => undefined;

function makeSocket(overrides: Partial<ConstructorParameters<typeof ReconnectingSocket>[0]> = {}) {
  const messages: string[] = [];
  let url: string | null = 'ws://host/api/alert?access_token=t1';
  const socket = new ReconnectingSocket({
    url: () => url,
    create: fakeFactory,
    onMessage: (data) => messages.push(data),
    // No jitter: the top of each window, so the delays are exact.
    random: () => 1,
    log: quiet,
    ...overrides,
  });
  return { socket, messages, setUrl: (next: string | null) => (url = next) };
}

describe('the back-off', () => {
  it('starts at half a second and doubles up to thirty seconds', () => {
    const top = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, top))).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('is jittered into the upper half of each step', () => {
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
  });
});

describe('the reconnecting socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the frames it receives on once open', () => {
    const { socket, messages } = makeSocket();
    socket.start();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend({ type: 'alertReceived', message: 'hello' });
    expect(socket.state).toBe('open');
    expect(messages).toEqual(['{"type":"alertReceived","message":"hello"}']);
  });

  it('reconnects after a close with delays that double while the server stays away', () => {
    const { socket } = makeSocket();
    socket.start();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose(1012);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // The restarting server refuses twice more: 1 s, then 2 s.
    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.all).toHaveLength(4);
    FakeSocket.last().serverOpen();
    expect(socket.state).toBe('open');
  });

  it('starts again from half a second once a connection has opened', () => {
    const { socket } = makeSocket();
    socket.start();
    for (let i = 0; i < 4; i++) {
      FakeSocket.last().serverClose(1006);
      vi.advanceTimersByTime(30_000);
    }
    FakeSocket.last().serverOpen();
    const before = FakeSocket.all.length;
    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(before + 1);
  });

  it('never waits more than thirty seconds between tries', () => {
    const { socket } = makeSocket();
    socket.start();
    for (let i = 0; i < 12; i++) {
      const count = FakeSocket.all.length;
      FakeSocket.last().serverClose(1006);
      vi.advanceTimersByTime(30_000);
      expect(FakeSocket.all).toHaveLength(count + 1);
    }
  });

  it('takes its address afresh for each try (a refreshed token)', () => {
    const { socket, setUrl } = makeSocket();
    socket.start();
    setUrl('ws://host/api/alert?access_token=t2');
    FakeSocket.last().serverClose(1006);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.last().url).toBe('ws://host/api/alert?access_token=t2');
  });

  it('waits without connecting while there is no address, then connects when there is one', () => {
    const { socket, setUrl } = makeSocket();
    setUrl(null);
    socket.start();
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.all).toHaveLength(0);
    setUrl('ws://host/api/alert?access_token=t3');
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('does not reconnect when the server ends the session with 1008', () => {
    const ended = vi.fn();
    const { socket } = makeSocket({ onSessionEnded: ended });
    socket.start();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose(SESSION_ENDED);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.state).toBe('ended');
    expect(ended).toHaveBeenCalledOnce();
  });

  it('closes and stays closed when stopped (sign-out), also while waiting to reconnect', () => {
    const { socket } = makeSocket();
    socket.start();
    const first = FakeSocket.last();
    first.serverOpen();
    socket.stop();
    expect(first.closedWith).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);

    socket.start();
    FakeSocket.last().serverClose(1006);
    socket.stop();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('sends frames only while open', () => {
    const { socket } = makeSocket();
    socket.start();
    expect(socket.send({ type: 'x' })).toBe(false);
    FakeSocket.last().serverOpen();
    expect(socket.send({ type: 'OnAddToGroupAsync', site_code: 'A' })).toBe(true);
    expect(FakeSocket.last().sent).toEqual(['{"type":"OnAddToGroupAsync","site_code":"A"}']);
  });

  it('ignores a late close of a socket it has already replaced', () => {
    const { socket } = makeSocket();
    socket.start();
    const first = FakeSocket.last();
    socket.start();
    FakeSocket.last().serverOpen();
    first.serverClose(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(socket.state).toBe('open');
  });
});
