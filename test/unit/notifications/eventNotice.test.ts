// The words of event notifications: one notification per report, grouped, plain and shortened panel text.
import * as assert from 'node:assert/strict';
import { composeNotice, eventsFor } from '../../../src/notifications/eventNotice';
import type { PanelEvent } from '../../../src/state/panelEvents';
import { plainLocalize } from '../support/plainLocalize';

const names: Record<string, string> = { f: 'Frankfurt', b: 'Berlin' };
const panelName = (id: string) => names[id] ?? id;
const offline = (panelId: string, name: string): PanelEvent => ({ kind: 'nodeOffline', panelId, name, node: { id: name, name } });

describe('event notifications', () => {
  it('several nodes going offline on one panel: one notification naming three, with Show Logs', () => {
    const notice = composeNotice(['fra-1', 'fra-2', 'fra-3', 'fra-4'].map((name) => offline('f', name)), false, panelName, plainLocalize);
    assert.equal(notice.message, '4 nodes went offline on Frankfurt: fra-1, fra-2, fra-3, …');
    assert.equal(notice.severity, 'error');
    assert.deepEqual(notice.actions, ['showLogs']);
  });

  it('one failed apply names the node and the panel\'s error, plain and shortened', () => {
    const event: PanelEvent = { kind: 'applyFailed', panelId: 'f', name: 'hel\u202e-3\n', node: { id: 'h' }, job: { status: 'failed', error: `line 1\nline 2 ${'x'.repeat(200)}` } };
    const notice = composeNotice([event], false, panelName, plainLocalize);
    assert.match(notice.message, /^1 apply failed on Frankfurt: hel-3 \(line 1 line 2 x+…\)$/);
    assert.ok(notice.message.length < 160);
    assert.deepEqual(notice.actions, ['showJobHistory']);
  });

  it('different kinds at once: one notification with the counts and each action that helps', () => {
    const events: PanelEvent[] = [
      offline('f', 'fra-1'),
      { kind: 'criticalAlert', panelId: 'b', name: 'Disk full', alert: undefined },
      { kind: 'usersExpiring', panelId: 'b', name: 'Ann' },
    ];
    const notice = composeNotice(events, false, panelName, plainLocalize);
    assert.equal(notice.message, '1 node went offline, 1 new critical alert, 1 user\'s access ends today on Frankfurt, Berlin');
    assert.deepEqual(notice.actions, ['showLogs', 'resolve', 'showUsers']);
    assert.deepEqual(eventsFor('resolve', events).map((event) => event.name), ['Disk full']);
  });

  it('after focus returned: one "While you were away" summary', () => {
    const events: PanelEvent[] = [offline('f', 'fra-1'), offline('f', 'fra-2'), { kind: 'applyFailed', panelId: 'f', name: 'hel-3' }];
    const notice = composeNotice(events, true, panelName, plainLocalize);
    assert.equal(notice.message, 'While you were away: 2 nodes went offline, 1 apply failed (Frankfurt)');
    assert.deepEqual(notice.actions, ['showLogs', 'showJobHistory']);
  });

  it('users expiring today alone are information, not a warning', () => {
    const notice = composeNotice([{ kind: 'usersExpiring', panelId: 'b', name: '[click](command:x)' }], false, panelName, plainLocalize);
    assert.equal(notice.severity, 'info');
    assert.equal(notice.message, '1 user\'s access ends today on Berlin: [click](command:x)', 'link syntax is broken up by UserInput.notify, which every notification goes through');
  });
});
