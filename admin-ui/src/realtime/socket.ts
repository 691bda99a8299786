// One WebSocket that keeps itself connected (docs/realtime.md "What the console does"): after any close it opens
// again with a growing, jittered delay, taking its address afresh each time (the current token, the current site);
// close code 1008 means the server ended the session, so it stops for good. Free of React and of the browser's
// globals (the WebSocket class, timers and the random source are passed in) so the rules are unit-tested.

/** Close code with which the hubs end a socket whose session is gone (logout, revocation, inactivity). */
export const SESSION_ENDED = 1008;

export interface Backoff {
  /** First delay after a close, in ms. */
  initialMs: number;
  /** The delay doubles after each failed try up to this. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000 };

/**
 * The wait before try `attempt` (0 for the first try after a close): `initialMs` doubling up to `maxMs`, then
 * jittered into its upper half so that every console a server restart dropped does not come back in the same
 * instant.
 */
export function backoffDelay(attempt: number, random: () => number, { initialMs, maxMs }: Backoff = DEFAULT_BACKOFF): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The part of the WebSocket API used here (the browser's class, or the tests' fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

export interface ReconnectingSocketOptions {
  /** The address to open now; null: nothing to connect to (signed out), try again later. */
  url: () => string | null;
  create: SocketFactory;
  onMessage: (data: string) => void;
  /** Each time a connection opens (a first open and every reconnect). */
  onOpen?: () => void;
  /** The server closed with 1008: the session ended; no further tries. */
  onSessionEnded?: () => void;
  backoff?: Backoff;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Connection failures are only logged (spec 1). */
  log?: (message: string) => void;
}

export type SocketState = 'idle' | 'connecting' | 'open' | 'waiting' | 'ended' | 'stopped';

export class ReconnectingSocket {
  private socket: SocketLike | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private current: SocketState = 'idle';
  private readonly options: Required<Omit<ReconnectingSocketOptions, 'onOpen' | 'onSessionEnded'>> &
    Pick<ReconnectingSocketOptions, 'onOpen' | 'onSessionEnded'>;

  constructor(options: ReconnectingSocketOptions) {
    this.options = {
      backoff: DEFAULT_BACKOFF,
      random: Math.random,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      log: (message) => console.info(message),
      ...options,
    };
  }

  get state(): SocketState {
    return this.current;
  }

  /** Connects now (also after `stop` or a session end: a new sign-in starts it again). */
  start(): void {
    this.cancelTimer();
    this.drop(1000, 'Reconnecting');
    this.attempt = 0;
    this.connect();
  }

  /** Closes the socket and makes no further tries (logout). */
  stop(): void {
    this.current = 'stopped';
    this.cancelTimer();
    this.drop(1000, 'Signed out');
  }

  /** Sends a JSON frame when connected; answers whether it was sent. */
  send(frame: object): boolean {
    if (!this.socket || this.socket.readyState !== OPEN || this.current !== 'open') return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private connect(): void {
    const url = this.options.url();
    if (!url) {
      // Nothing to connect to yet (no token): look again later, as after a failure.
      this.scheduleRetry();
      return;
    }
    this.current = 'connecting';
    let socket: SocketLike;
    try {
      socket = this.options.create(url);
    } catch (error) {
      this.options.log(`Real-time connection failed: ${String(error)}`);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.current = 'open';
      this.options.onOpen?.();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      if (typeof event.data === 'string') this.options.onMessage(event.data);
    };
    socket.onerror = () => {
      // A close always follows; the retry is scheduled there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.current === 'stopped') return;
      if (event.code === SESSION_ENDED) {
        this.current = 'ended';
        this.options.log('Real-time connection closed: the session has ended.');
        this.options.onSessionEnded?.();
        return;
      }
      this.options.log(`Real-time connection closed (${event.code}); reconnecting.`);
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    this.cancelTimer();
    const delay = backoffDelay(this.attempt, this.options.random, this.options.backoff);
    this.attempt += 1;
    this.current = 'waiting';
    this.timer = this.options.setTimer(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer !== null) {
      this.options.clearTimer(this.timer);
      this.timer = null;
    }
  }

  private drop(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // Closing a socket still connecting can throw in some browsers; it is dropped either way.
    }
  }
}
