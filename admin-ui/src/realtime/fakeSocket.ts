// A WebSocket stand-in for the real-time tests: records what was opened and sent, and lets a test open, close or
// message it as the server would.
import type { SocketLike } from './socket';

export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  static reset(): void {
    FakeSocket.all = [];
  }

  static last(): FakeSocket {
    const socket = FakeSocket.all[FakeSocket.all.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server accepts the connection. */
  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server (or the network) closes it. */
  serverClose(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' } as CloseEvent);
  }

  serverSend(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
}

export const fakeFactory = (url: string) => new FakeSocket(url);
