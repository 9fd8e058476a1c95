import * as assert from 'node:assert/strict';
import { sumAlerts, type PanelAlerts } from '../../../src/statusBar/alertsSum';

const loaded = (name: string, unresolved: number): PanelAlerts => ({ name, state: 'connected', unresolved, snapshot: { kind: 'empty' } });

describe('status bar: unresolved alerts across panels', () => {
  it('sums every connected panel whose alerts were read', () => {
    assert.deepEqual(sumAlerts([loaded('a', 3), loaded('b', 0), loaded('c', 4)]), { total: 7, known: true, readable: 3 });
  });

  it('leaves out a panel whose token was rejected, and one not read yet', () => {
    const rejected: PanelAlerts = { name: 'b', state: 'tokenRejected', unresolved: 9, snapshot: { kind: 'empty' } };
    const unread: PanelAlerts = { name: 'c', state: 'connected', unresolved: undefined, snapshot: { kind: 'failed', error: new Error('offline') } };
    assert.deepEqual(sumAlerts([loaded('a', 2), rejected, unread]), { total: 2, known: true, readable: 2 });
    assert.deepEqual(sumAlerts([unread]), { total: 0, known: false, readable: 1 });
    assert.deepEqual(sumAlerts([rejected]), { total: 0, known: false, readable: 0 });
  });
});
