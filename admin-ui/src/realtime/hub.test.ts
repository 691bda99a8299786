import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hubUrl, parseFrame, RealtimeHub } from './hub';
import { onRealtime, type RealtimeToast } from './events';
import { FakeSocket, fakeFactory } from './fakeSocket';

const location = { protocol: 'https:', host: 'asp.example.com' };

function makeHub(token: { value: string | null } = { value: 'tok1' }) {
  const hub = new RealtimeHub({ create: fakeFactory, location, token: () => token.value, socket: { random: () => 1, log: () => undefined } });
  return { hub, token };
}

const socketsTo = (hub: 'alert' | 'site') => FakeSocket.all.filter((s) => s.url.includes(`/api/${hub}?`));

describe('hub addresses and frames', () => {
  it('uses wss on a secure page and ws on a plain one, on the page host', () => {
    expect(hubUrl('alert', { access_token: 'a b' }, location)).toBe('wss://asp.example.com/api/alert?access_token=a+b');
    expect(hubUrl('site', { site_code: 'ACME-N' }, { protocol: 'http:', host: '127.0.0.1:18301' })).toBe('ws://127.0.0.1:18301/api/site?site_code=ACME-N');
  });

  it('reads type and message and ignores anything else', () => {
    expect(parseFrame('{"type":"alertReceived","message":"Hi"}')).toEqual({ type: 'alertReceived', message: 'Hi' });
    expect(parseFrame('{"type":"cartUpdatedReceived","message":125.5}')).toEqual({ type: 'cartUpdatedReceived', message: '125.5' });
    expect(parseFrame('{"type":"alertReceived","message":"Hi","notificationId":42,"subject":"Count due","link":"/item"}')).toEqual({
      type: 'alertReceived',
      message: 'Hi',
      notificationId: 42,
      subject: 'Count due',
    });
    expect(parseFrame('{"type":"alertReceived","message":"Hi","notificationId":"42","subject":""}')).toEqual({ type: 'alertReceived', message: 'Hi' });
    expect(parseFrame('not json')).toBeNull();
    expect(parseFrame('{"message":"no type"}')).toBeNull();
    expect(parseFrame('null')).toBeNull();
  });
});

describe('the real-time hub', () => {
  let toasts: RealtimeToast[];
  let changes: number;
  let stopListening: (() => void)[];

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
    toasts = [];
    changes = 0;
    stopListening = [onRealtime('toast', (t) => toasts.push(t)), onRealtime('inboxChanged', () => (changes += 1))];
  });
  afterEach(() => {
    stopListening.forEach((stop) => stop());
    vi.useRealTimers();
  });

  it('opens the alert hub with the token and the site hub at the current site after sign-in', () => {
    const { hub } = makeHub();
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    expect(socketsTo('alert').map((s) => s.url)).toEqual(['wss://asp.example.com/api/alert?access_token=tok1']);
    expect(socketsTo('site').map((s) => s.url)).toEqual(['wss://asp.example.com/api/site?site_code=ACME-NORTH&access_token=tok1']);
  });

  it('opens nothing without a token', () => {
    const { hub } = makeHub({ value: null });
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('moves the open site connection between the groups on a site switch', () => {
    const { hub } = makeHub();
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    socketsTo('alert')[0].serverOpen();
    const site = socketsTo('site')[0];
    site.serverOpen();
    hub.sync({ userId: 7, siteCode: 'ACME-SOUTH' });
    expect(site.sent.map((f) => JSON.parse(f))).toEqual([
      { type: 'OnRemoveFromGroupAsync', site_code: 'ACME-NORTH' },
      { type: 'OnAddToGroupAsync', site_code: 'ACME-SOUTH' },
    ]);
    expect(FakeSocket.all).toHaveLength(2);
    // A later reconnect goes straight to the new site.
    site.serverClose(1006);
    vi.advanceTimersByTime(500);
    expect(socketsTo('site')[1].url).toContain('site_code=ACME-SOUTH');
  });

  it('opens both again for another user (impersonation)', () => {
    const { hub, token } = makeHub();
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    FakeSocket.all.forEach((s) => s.serverOpen());
    token.value = 'tok2';
    hub.sync({ userId: 9, siteCode: 'ACME-NORTH' });
    expect(FakeSocket.all.slice(0, 2).map((s) => s.closedWith)).toEqual([1000, 1000]);
    expect(FakeSocket.all.slice(2).map((s) => s.url.includes('tok2'))).toEqual([true, true]);
  });

  it('closes both on sign-out and opens nothing more', () => {
    const { hub } = makeHub();
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    FakeSocket.all.forEach((s) => s.serverOpen());
    hub.sync(null);
    expect(FakeSocket.all.map((s) => s.closedWith)).toEqual([1000, 1000]);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stops both when the server ends the session, until another sign-in', () => {
    const { hub, token } = makeHub();
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    FakeSocket.all.forEach((s) => s.serverOpen());
    socketsTo('alert')[0].serverClose(1008);
    expect(socketsTo('site')[0].closedWith).toBe(1000);
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(2);
    token.value = 'tok-new-session';
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('turns the frames into toasts and tells the bell', () => {
    const { hub } = makeHub();
    const cart = vi.fn();
    window.addEventListener('asp:cartUpdated', cart);
    hub.sync({ userId: 7, siteCode: 'ACME-NORTH' });
    const alert = socketsTo('alert')[0];
    alert.serverOpen();
    const afterOpen = changes;
    alert.serverSend({ type: 'alertReceived', message: 'Item below minimum' });
    alert.serverSend({ type: 'alertReceived', message: 'Variance on bin B-01', notificationId: 42, subject: 'Count waiting for approval' });
    alert.serverSend({ type: 'alertHTMLReceived', message: '<b>Count</b><script>alert(1)</script><img src=x onerror=alert(1)>' });
    alert.serverSend({ type: 'cartUpdatedReceived', message: '125.50' });
    socketsTo('site')[0].serverSend({ type: 'BroadcastMessageToSite', message: 'Stocktake at 3 pm' });
    expect(toasts).toEqual([
      { kind: 'alert', message: 'Item below minimum' },
      { kind: 'alert', message: 'Variance on bin B-01', notificationId: 42, subject: 'Count waiting for approval' },
      { kind: 'html', message: '<b>Count</b>' },
      { kind: 'site', message: 'Stocktake at 3 pm', siteCode: 'ACME-NORTH' },
    ]);
    expect(changes - afterOpen).toBe(4);
    expect(cart).toHaveBeenCalledOnce();
    window.removeEventListener('asp:cartUpdated', cart);
  });

  it('has the bell count again after a reconnect (alerts may have been missed)', () => {
    const { hub } = makeHub();
    hub.sync({ userId: 7, siteCode: null });
    socketsTo('alert')[0].serverOpen();
    const before = changes;
    socketsTo('alert')[0].serverClose(1006);
    vi.advanceTimersByTime(500);
    socketsTo('alert')[1].serverOpen();
    expect(changes).toBe(before + 1);
    expect(socketsTo('site')).toHaveLength(0);
  });
});
