// The console's two real-time connections (docs/realtime.md): the user's alert hub and the current site's hub. They
// follow the signed-in user and the current site: opened with the user's token after sign-in, the site hub moved to
// the new site's group on a site switch, both closed on sign-out. What arrives becomes events (realtime/events.ts).
import { getToken } from '../shared/token';
import { userContextStore, type UserContext } from '../lib/userContext';
import { emitRealtime, CART_UPDATED_EVENT } from './events';
import { ReconnectingSocket, type ReconnectingSocketOptions, type SocketFactory } from './socket';
import { sanitizeHtml } from './sanitize';

export interface HubLocation {
  protocol: string;
  host: string;
}

/** `ws(s)://<this host>/api/<hub>?<query>`: the page's own server, secure when the page is. */
export function hubUrl(hub: 'alert' | 'site', query: Record<string, string>, location: HubLocation): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const search = new URLSearchParams(query).toString();
  return `${scheme}//${location.host}/api/${hub}?${search}`;
}

/** A frame of either hub: `{type, message}`, and an alert's `notificationId` and `subject` (anything else is ignored). */
export interface Frame {
  type: string;
  message: string;
  notificationId?: number;
  subject?: string;
}

export function parseFrame(data: string): Frame | null {
  try {
    const frame: unknown = JSON.parse(data);
    if (!frame || typeof frame !== 'object') return null;
    const { type, message, notificationId, subject } = frame as { type?: unknown; message?: unknown; notificationId?: unknown; subject?: unknown };
    if (typeof type !== 'string') return null;
    const parsed: Frame = { type, message: message === undefined || message === null ? '' : String(message) };
    if (typeof notificationId === 'number' && Number.isSafeInteger(notificationId) && notificationId > 0) parsed.notificationId = notificationId;
    if (typeof subject === 'string' && subject.trim()) parsed.subject = subject;
    return parsed;
  } catch {
    return null;
  }
}

/** Who and where the connections are for (null: nobody signed in). */
export interface HubTarget {
  userId: number;
  siteCode: string | null;
}

export const targetOf = (context: UserContext | null | undefined): HubTarget | null =>
  context?.currentUser ? { userId: context.currentUser.asp_users_id, siteCode: context.currentSite?.siteCode ?? null } : null;

export interface HubOptions {
  create?: SocketFactory;
  location?: HubLocation;
  token?: () => string | null;
  socket?: Partial<Pick<ReconnectingSocketOptions, 'backoff' | 'random' | 'setTimer' | 'clearTimer' | 'log'>>;
}

export class RealtimeHub {
  readonly alert: ReconnectingSocket;
  readonly site: ReconnectingSocket;
  private target: HubTarget | null = null;
  /** The token whose session the server ended (close 1008): not tried again until another sign-in. */
  private endedToken: string | null = null;
  private readonly token: () => string | null;

  constructor({ create, location, token = getToken, socket = {} }: HubOptions = {}) {
    this.token = token;
    const where = () => location ?? window.location;
    const factory: SocketFactory = create ?? ((url) => new WebSocket(url));
    const common = {
      ...socket,
      create: factory,
      onSessionEnded: () => {
        this.endedToken = this.token();
        this.alert.stop();
        this.site.stop();
      },
    };
    this.alert = new ReconnectingSocket({
      ...common,
      url: () => {
        const token = this.usableToken();
        return token && this.target ? hubUrl('alert', { access_token: token }, where()) : null;
      },
      onMessage: (data) => this.received(data),
      // A reconnect may follow an outage during which alerts were missed: the bell counts again.
      onOpen: () => emitRealtime('inboxChanged'),
    });
    this.site = new ReconnectingSocket({
      ...common,
      url: () => {
        const token = this.usableToken();
        const code = this.target?.siteCode;
        return token && code ? hubUrl('site', { site_code: code, access_token: token }, where()) : null;
      },
      onMessage: (data) => this.received(data),
    });
  }

  private usableToken(): string | null {
    const token = this.token();
    return token && token !== this.endedToken ? token : null;
  }

  /** Brings the connections in line with who is signed in and the current site. */
  sync(next: HubTarget | null): void {
    const previous = this.target;
    this.target = next;
    if (!next || !this.usableToken()) {
      this.alert.stop();
      this.site.stop();
      return;
    }
    const sameUser = previous?.userId === next.userId;
    const running = (socket: ReconnectingSocket) => socket.state !== 'idle' && socket.state !== 'stopped' && socket.state !== 'ended';
    if (!sameUser || !running(this.alert)) this.alert.start();
    if (!next.siteCode) {
      this.site.stop();
      return;
    }
    if (!sameUser || !running(this.site)) {
      this.site.start();
      return;
    }
    const oldCode = previous?.siteCode;
    if (oldCode === next.siteCode) return;
    // A site switch: move the open connection between the groups; one not open picks up the new code itself when it
    // connects, and one that cannot send is opened again at the new site.
    if (this.site.state !== 'open') return;
    const left = oldCode ? this.site.send({ type: 'OnRemoveFromGroupAsync', site_code: oldCode }) : true;
    const joined = left && this.site.send({ type: 'OnAddToGroupAsync', site_code: next.siteCode });
    if (!joined) this.site.start();
  }

  /** Both closed (sign-out). */
  stop(): void {
    this.target = null;
    this.alert.stop();
    this.site.stop();
  }

  private received(data: string): void {
    const frame = parseFrame(data);
    if (!frame) return;
    switch (frame.type) {
      case 'alertReceived':
        emitRealtime('toast', {
          kind: 'alert',
          message: frame.message,
          ...(frame.notificationId ? { notificationId: frame.notificationId } : {}),
          ...(frame.subject ? { subject: frame.subject } : {}),
        });
        emitRealtime('inboxChanged');
        break;
      case 'alertHTMLReceived':
        emitRealtime('toast', { kind: 'html', message: sanitizeHtml(frame.message) });
        emitRealtime('inboxChanged');
        break;
      case 'cartUpdatedReceived':
        emitRealtime('cartUpdated', frame.message);
        if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: frame.message }));
        break;
      case 'BroadcastMessageToSite':
        emitRealtime('toast', { kind: 'site', message: frame.message, siteCode: this.target?.siteCode ?? undefined });
        // Those not connected get it in their inbox; the sender may put it in everyone's.
        emitRealtime('inboxChanged');
        break;
      case 'error':
        console.info(`Real-time: ${frame.message}`);
        break;
      default:
        break;
    }
  }
}

/**
 * Starts the connections for the signed-in user and keeps them in line with the UserContext (sign-in, site switch,
 * impersonation, sign-out); answers the function that closes both.
 */
export function startRealtime(options?: HubOptions): () => void {
  const hub = new RealtimeHub(options);
  const sync = () => hub.sync(targetOf(userContextStore.getState().context));
  sync();
  const unsubscribe = userContextStore.subscribe(sync);
  return () => {
    unsubscribe();
    hub.stop();
  };
}
