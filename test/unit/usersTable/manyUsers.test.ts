// Creating and changing many users whatever body a panel takes (src/usersTable/createUsers.ts, src/state/bulkUserChange.ts),
// against the simulated panel over real HTTP under each of its readings: exactly the users asked, once
// each; a guessed body refused is told and remembered; the documented routes (one POST /keys each, each
// user's own route) when no guess is taken; a lost answer read back, never sent again.
import * as assert from 'node:assert/strict';
import { PanelHttpError, routeById, type PanelApi } from '../../../src/api';
import { changeUsers, BULK_ENCODINGS } from '../../../src/state/bulkUserChange';
import { createUsers, CREATE_ENCODINGS, type NewUser } from '../../../src/usersTable/createUsers';
import { READINGS } from '../../panel';
import { usePanel } from '../support/clientPanelHooks';

for (const reading of READINGS) {
  describe(`many users, whatever body the panel takes (${reading} reading)`, () => {
    const fixture = usePanel({ dataset: 'demo', readings: { reading } });
    const nodeIds = () => [...fixture.panel.data.nodes.values()].slice(0, 2).map((node) => node.id);
    const labelled = (label: string) => [...fixture.panel.data.keys.values()].filter((key) => key.label === label);
    const users = (prefix: string, count: number): NewUser[] => Array.from({ length: count }, (_, index) => ({
      label: `${prefix}-${index + 1}`, type: index % 2 ? 'SHARED' : 'PERSONAL', nodeIds: nodeIds(), expiresAt: null,
      ...(index === 0 ? { note: 'first of them', owner: 'ops' } : {}),
    }));

    it('imports exactly the users asked, once each, with their note and owner; a refused guess is told and remembered', async () => {
      const api = fixture.client();
      const first = await createUsers(api, users(`imp-${reading}`, 3), { route: 'keys.import', maxConcurrency: 4 });
      assert.deepEqual(first.made.map((made) => made.kind), ['applied', 'applied', 'applied']);
      for (let n = 1; n <= 3; n++) assert.equal(labelled(`imp-${reading}-${n}`).length, 1);
      assert.equal(labelled(`imp-${reading}-1`)[0].note, 'first of them');
      assert.equal(labelled(`imp-${reading}-1`)[0].owner_label, 'ops');
      if (reading === 'third') {
        assert.deepEqual(first.refused.map((entry) => [entry.name, entry.error.status]), [[CREATE_ENCODINGS.importNodesBeside, 400]]);
        assert.equal(first.encoding, CREATE_ENCODINGS.importNodesInEach);
      } else assert.deepEqual(first.refused, []);
      fixture.panel.resetRequests();
      const again = await createUsers(api, users(`imp2-${reading}`, 2), { route: 'keys.import', maxConcurrency: 4 });
      assert.deepEqual(again.refused, [], 'remembered for this panel');
      assert.deepEqual(fixture.panel.requests.map((request) => [request.method, request.path.replace('/api/v1', ''), request.status]), [['POST', '/keys/import', 201]]);
    });

    it('after the answer of the import the panel took is lost, finds the users it made and sends nothing again', async () => {
      const api = fixture.client();
      fixture.panel.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'POST', path: '/keys/import' } });
      const result = await createUsers(api, users(`lost-${reading}`, 3), { route: 'keys.import', maxConcurrency: 4 });
      assert.deepEqual(result.made.map((made) => made.kind), ['reconciled', 'reconciled', 'reconciled']);
      for (let n = 1; n <= 3; n++) assert.equal(labelled(`lost-${reading}-${n}`).length, 1, `lost-${reading}-${n} once`);
      assert.equal(fixture.panel.requests.filter((request) => request.method === 'POST' && request.status !== 400).length, 1, 'the body the panel took was sent once');
    });

    it('creates one by one through POST /keys when the panel takes no import body, each lost answer read back', async () => {
      const api = fixture.client();
      // A panel that refuses every import body (a 400 naming no field): the documented route of 2.2.
      const refusing: PanelApi = { ...api, keys: { ...api.keys, import: async () => { throw new PanelHttpError({ status: 400, code: 'bad_request', panelMessage: 'the request was refused', route: routeById('keys.import') }); } } };
      fixture.panel.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'POST', path: '/keys' } });
      const result = await createUsers(refusing, users(`one-${reading}`, 4), { route: 'keys.import', maxConcurrency: 2 });
      assert.equal(result.encoding, CREATE_ENCODINGS.oneByOne);
      assert.deepEqual(result.refused.map((entry) => entry.name), [CREATE_ENCODINGS.importNodesBeside, CREATE_ENCODINGS.importNodesInEach]);
      assert.deepEqual(result.made.map((made) => made.kind).sort(), ['applied', 'applied', 'applied', 'reconciled']);
      for (let n = 1; n <= 4; n++) assert.equal(labelled(`one-${reading}-${n}`).length, 1, `one-${reading}-${n} once`);
      assert.equal(fixture.panel.requests.filter((request) => request.method === 'POST' && request.path === '/api/v1/keys').length, 4, 'one POST /keys per user, none sent twice');
      assert.equal(labelled(`one-${reading}-1`)[0].note, 'first of them', 'the note follows by PATCH');
    });

    it('disables, enables and deletes in bulk, or each user through its own route on a panel that takes another bulk body', async () => {
      const api = fixture.client();
      await createUsers(api, users(`bulk-${reading}`, 3), { route: 'keys.import', maxConcurrency: 4 });
      const ids = [1, 2, 3].map((n) => labelled(`bulk-${reading}-${n}`)[0].id);
      fixture.panel.resetRequests();
      const disabled = await changeUsers(api, 'disable', ids, { maxConcurrency: 4 });
      assert.deepEqual(disabled.outcomes.map((outcome) => outcome.kind), ['done', 'done', 'done']);
      for (const id of ids) assert.ok(fixture.panel.data.keys.get(id)?.disabled_at, 'disabled on the panel');
      assert.equal(disabled.encoding, reading === 'third' ? BULK_ENCODINGS.oneByOne : BULK_ENCODINGS.bulk);
      assert.equal(disabled.refused.length, reading === 'third' ? 1 : 0);
      fixture.panel.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'DELETE', path: new RegExp(`/keys/${ids[0]}$`) } });
      fixture.panel.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'POST', path: '/keys/bulk' } });
      const deleted = await changeUsers(api, 'delete', ids, { maxConcurrency: 4 });
      for (const id of ids) assert.equal(fixture.panel.data.keys.get(id), undefined, 'deleted');
      assert.ok(deleted.outcomes.every((outcome) => outcome.kind === 'done' || outcome.kind === 'reconciled'), JSON.stringify(deleted.outcomes));
      assert.ok(deleted.outcomes.some((outcome) => outcome.kind === 'reconciled'), 'the lost answer was read back');
    });
  });
}
