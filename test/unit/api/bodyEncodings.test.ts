// The one mechanism for bodies the contract does not show (src/api/bodyEncodings.ts): optional members left
// out after a 400 naming them, the next encoding after a refusal of the body or of a guessed member, the
// choice remembered per route and logged once, and a lost answer or a 422 about values never tried again.
import * as assert from 'node:assert/strict';
import { OutcomeUnknownError, PanelHttpError, RefusedFields, routeById, sendEncoded, sendWithOptionalFields, type JsonObject } from '../../../src/api';

const refusal = (status: number, panelMessage: string, fields?: Record<string, string>, details: string[] = []) =>
  new PanelHttpError({ status, code: status === 422 ? 'validation' : 'bad_request', panelMessage, ...(fields ? { fields } : {}), details, route: routeById('keys.import') });

/** An encoding that records its bodies and answers with `answer(body)` (throwing what it returns as an Error). */
function recorder(name: string, answer: (body: JsonObject | undefined) => unknown, extra: { guessed?: string[]; optional?: string[]; body?: JsonObject } = {}) {
  const sent: (JsonObject | undefined)[] = [];
  return {
    sent,
    encoding: {
      name, ...extra,
      send: async (body: JsonObject | undefined) => {
        sent.push(body);
        const result = answer(body);
        if (result instanceof Error) throw result;
        return result as string;
      },
    },
  };
}

describe('bodies the contract does not show: one mechanism', () => {
  it('picks the next encoding when the panel refuses a guessed member, remembers it and logs it once', async () => {
    const logged: string[] = [];
    const memory = new RefusedFields((_level, message) => logged.push(message));
    const beside = recorder('beside', () => refusal(400, 'unknown field: node_ids'), { guessed: ['node_ids'], body: { items: [], node_ids: ['n'] } });
    const each = recorder('each', () => 'made', { body: { items: [] } });
    const first = await sendEncoded({ memory, route: 'keys.import', encodings: [beside.encoding, each.encoding] });
    assert.equal(first.value, 'made');
    assert.equal(first.encoding, 'each');
    assert.deepEqual(first.refused.map((entry) => [entry.name, entry.error.panelMessage]), [['beside', 'unknown field: node_ids']]);
    const second = await sendEncoded({ memory, route: 'keys.import', encodings: [beside.encoding, each.encoding] });
    assert.equal(second.encoding, 'each');
    assert.deepEqual(second.refused, [], 'the refused encoding is not tried again for this panel');
    assert.equal(beside.sent.length, 1);
    assert.equal(each.sent.length, 2);
    assert.equal(logged.filter((line) => line.includes('"each"')).length, 1, 'said once in the log');
  });

  it('takes a 400 that names none of the body\'s members, or names it only in problems[], as a refusal of the body', async () => {
    for (const error of [refusal(400, 'the request was refused'), refusal(400, 'the request was refused', undefined, ['action: unknown field'])]) {
      const bulk = recorder('bulk', () => error, { guessed: ['action', 'ids'], body: { action: 'disable', ids: ['a'] } });
      const each = recorder('each', () => 'done');
      const sent = await sendEncoded({ memory: new RefusedFields(), route: 'keys.bulk', encodings: [bulk.encoding, each.encoding] });
      assert.equal(sent.encoding, 'each');
    }
  });

  it('picks the next encoding after a 422 naming a guessed member, but throws a 422 about the values', async () => {
    const shape = recorder('list', () => refusal(422, 'invalid input', { variables: 'must be an object' }), { guessed: ['variables'], body: { variables: [] } });
    const object = recorder('object', () => 'valid', { body: { variables: {} } });
    assert.equal((await sendEncoded({ memory: new RefusedFields(), route: 'siteTemplates.validate', encodings: [shape.encoding, object.encoding] })).encoding, 'object');

    const values = recorder('beside', () => refusal(422, 'invalid input', { 'items[2].label': 'required' }), { guessed: ['node_ids'], body: { items: [], node_ids: [] } });
    const never = recorder('each', () => 'made');
    await assert.rejects(sendEncoded({ memory: new RefusedFields(), route: 'keys.import', encodings: [values.encoding, never.encoding] }), (error: unknown) => error instanceof PanelHttpError && error.status === 422);
    assert.equal(never.sent.length, 0, 'the operator\'s values are refused, not the encoding');
  });

  it('never tries another encoding after a lost answer: the caller reconciles first', async () => {
    const lost = new OutcomeUnknownError(routeById('keys.import'), { kind: 'connectionClosed' } as never);
    const beside = recorder('beside', () => lost, { guessed: ['node_ids'], body: { items: [], node_ids: [] } });
    const each = recorder('each', () => 'made');
    await assert.rejects(sendEncoded({ memory: new RefusedFields(), route: 'keys.import', encodings: [beside.encoding, each.encoding] }), OutcomeUnknownError);
    assert.equal(each.sent.length, 0);
  });

  it('leaves out an optional member a 400 names (not one a 422 names), and remembers it for the route', async () => {
    const memory = new RefusedFields();
    const bodies: JsonObject[] = [];
    const send = async (body: JsonObject) => {
      bodies.push(body);
      if ('note' in body) throw refusal(400, 'unknown field: note');
      return 'created';
    };
    const sent = await sendWithOptionalFields({ memory, route: 'nodes.create', body: { name: 'a', note: 'n' }, optional: ['note'], send });
    assert.deepEqual(sent.dropped, ['note']);
    await sendWithOptionalFields({ memory, route: 'nodes.create', body: { name: 'b', note: 'n' }, optional: ['note'], send });
    assert.deepEqual(bodies, [{ name: 'a', note: 'n' }, { name: 'a' }, { name: 'b' }]);

    const invalid = async () => {
      throw refusal(422, 'invalid input', { region: 'unknown region' });
    };
    await assert.rejects(sendWithOptionalFields({ memory: new RefusedFields(), route: 'nodes.create', body: { name: 'a', region: 'xx' }, optional: ['region'], send: invalid }), PanelHttpError);
  });

  it('throws the last encoding\'s refusal as it came', async () => {
    const only = recorder('only', () => refusal(400, 'unknown field: x'), { body: { x: 1 } });
    await assert.rejects(sendEncoded({ memory: new RefusedFields(), route: 'keys.batch', encodings: [only.encoding] }), (error: unknown) => error instanceof PanelHttpError && error.panelMessage === 'unknown field: x');
  });
});
