// At most one event notice on screen: reports that arrive while one is shown wait and are told together
// once it has left the screen (answered, dismissed, or hidden by VS Code when it is not sticky).
import * as assert from 'node:assert/strict';
import { composeNotice, eventPhrase, eventsFor } from '../../../src/notifications/eventNotice';
import { foldReports, NoticeSlot, TOAST_HIDES_AFTER_MS } from '../../../src/notifications/noticeSlot';
import type { PanelEvent } from '../../../src/state/panelEvents';
import type { PanelsReport } from '../../../src/state/panelsWatch';
import { FakeClock, settle } from '../support/fakeClock';
import { plainLocalize } from '../support/plainLocalize';

const offline = (panelId: string, name: string): PanelEvent => ({ kind: 'nodeOffline', panelId, name, node: { id: name, name } });
const report = (...events: PanelEvent[]): PanelsReport => ({ events, away: false });

interface Shown { readonly reports: readonly PanelsReport[]; readonly folded: boolean; close(): void }

function slotWithScreen(sticky = true): { slot: NoticeSlot; shown: Shown[]; clock: FakeClock; onScreen: () => Shown[] } {
  const clock = new FakeClock();
  const shown: Shown[] = [];
  const closed = new Set<Shown>();
  const slot = new NoticeSlot({
    show: (reports, folded) => {
      let close = () => undefined as void;
      const promise = new Promise<void>((resolve) => { close = resolve; });
      const entry: Shown = { reports, folded, close: () => { closed.add(entry); close(); } };
      shown.push(entry);
      return { closed: promise, sticky };
    },
    setTimeout: (callback, ms) => clock.setTimeout(callback, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle),
  });
  return { slot, shown, clock, onScreen: () => shown.filter((entry) => !closed.has(entry)) };
}

describe('one event notice on screen', () => {
  it('a report while a notice is shown waits; when it is dismissed, what waited is told in one folded notice', async () => {
    const { slot, shown, onScreen } = slotWithScreen();
    slot.add(report(offline('f', 'fra-1')));
    slot.add(report(offline('b', 'ber-1')));
    slot.add(report(offline('w', 'war-1'), offline('w', 'war-2')));
    assert.equal(shown.length, 1, 'one notice on screen');
    assert.equal(slot.held.length, 2);
    shown[0].close();
    await settle();
    assert.equal(shown.length, 2);
    assert.equal(onScreen().length, 1);
    assert.equal(shown[1].folded, true);
    assert.deepEqual(foldReports(shown[1].reports).events.map((event) => event.name), ['ber-1', 'war-1', 'war-2']);
    shown[1].close();
    await settle();
    assert.equal(shown.length, 2, 'each event told once');
  });

  it('nothing shown: a report is told at once, alone and not folded', async () => {
    const { slot, shown } = slotWithScreen();
    slot.add(report(offline('f', 'fra-1')));
    shown[0].close();
    await settle();
    slot.add(report(offline('f', 'fra-2')));
    assert.equal(shown.length, 2);
    assert.equal(shown[1].folded, false);
    slot.add(report());
    assert.equal(slot.held.length, 0, 'an empty report is nothing to tell');
  });

  it('a notice VS Code hides by itself frees the screen after the toast\'s time; a sticky one does not', async () => {
    const hiding = slotWithScreen(false);
    hiding.slot.add(report(offline('f', 'fra-1')));
    hiding.slot.add(report(offline('f', 'fra-2')));
    await hiding.clock.advance(TOAST_HIDES_AFTER_MS - 1);
    assert.equal(hiding.shown.length, 1);
    await hiding.clock.advance(1);
    assert.equal(hiding.shown.length, 2, 'the waiting report is told once the first toast has gone');
    const sticky = slotWithScreen(true);
    sticky.slot.add(report(offline('f', 'fra-1')));
    sticky.slot.add(report(offline('f', 'fra-2')));
    await sticky.clock.advance(10 * TOAST_HIDES_AFTER_MS);
    assert.equal(sticky.shown.length, 1, 'an error with buttons stays until answered');
    assert.deepEqual(sticky.clock.pending(), []);
  });

  it('after dispose nothing more is shown', async () => {
    const { slot, shown } = slotWithScreen();
    slot.add(report(offline('f', 'fra-1')));
    slot.add(report(offline('f', 'fra-2')));
    slot.dispose();
    shown[0].close();
    await settle();
    assert.equal(shown.length, 1);
  });

  it('folding: every event, away only when every report was', () => {
    assert.equal(foldReports([{ events: [offline('f', 'a')], away: true }, report(offline('f', 'b'))]).away, false);
    assert.equal(foldReports([{ events: [offline('f', 'a')], away: true }, { events: [offline('f', 'b')], away: true }]).away, true);
  });

  it('a folded notice of several events offers Show All, the list of every event on its own panel', () => {
    const names: Record<string, string> = { f: 'Frankfurt', b: 'Berlin' };
    const events: PanelEvent[] = [offline('f', 'fra-1'), { kind: 'criticalAlert', panelId: 'b', name: 'Disk full' }];
    const notice = composeNotice(events, false, (id) => names[id] ?? id, plainLocalize, true);
    assert.equal(notice.message, '1 node went offline, 1 new critical alert on Frankfurt, Berlin');
    assert.deepEqual(notice.actions, ['showLogs', 'resolve', 'showAll']);
    assert.deepEqual(eventsFor('showAll', events), events);
    assert.deepEqual(composeNotice([offline('f', 'fra-1')], false, (id) => names[id] ?? id, plainLocalize, true).actions, ['showLogs'], 'one event: nothing to list');
    assert.deepEqual(composeNotice(events, false, (id) => names[id] ?? id, plainLocalize).actions, ['showLogs', 'resolve'], 'one report: as before');
    assert.deepEqual(events.map((event) => eventPhrase(event, plainLocalize)), ['fra-1 went offline', 'Critical alert: Disk full']);
    assert.equal(eventPhrase({ kind: 'usersExpiring', panelId: 'f', name: 'a\u202e\nb' }, plainLocalize), 'Access of a b ends today', 'panel text made plain');
  });
});
