// The bindings and restart verbs the commands and the fleet to-do share: what each sends, in which order.
import * as assert from 'node:assert/strict';
import type { PanelApi } from '../../../src/api/index';
import type { User } from '../../../src/api/types';
import { restartNode } from '../../../src/state/nodeRestart';
import { addBindings, rebindUser, removeBinding } from '../../../src/state/userBindings';
import { fillPlaceholders, type Localize } from '../../../src/text/localize';

const t = ((message: string, ...args: Array<string | number | boolean>) => fillPlaceholders(message, args)) as Localize;
const user = { id: 'u1', label: 'alice', nodes: [{ node_id: 'down' }] } as unknown as User;
const noPanels = { get: () => undefined };

/** A panel API that records the calls it gets; `refuse` names a node whose unbinding fails. */
function recordingApi(refuse?: string): { api: PanelApi; calls: string[] } {
  const calls: string[] = [];
  const api = {
    keys: { bindings: {
      add: (id: string, body: { node_ids: string[] }) => Promise.resolve(calls.push(`add ${id} ${body.node_ids.join(',')}`) && { ...user, id }),
      remove: (id: string, nodeId: string) => (nodeId === refuse ? Promise.reject(new Error('refused')) : Promise.resolve(calls.push(`remove ${id} ${nodeId}`) && { ...user, id })),
    } },
    nodes: { restart: (id: string) => Promise.resolve(calls.push(`restart ${id}`) && {}) },
  } as unknown as PanelApi;
  return { api, calls };
}

describe('user bindings and node restart, written once', () => {
  const signal = new AbortController().signal;

  it('rebinds by adding the nodes chosen in one request, then removing each old one', async () => {
    const { api, calls } = recordingApi();
    await rebindUser(noPanels, 'p', user, ['up1', 'up2'], ['down', 'down2'], t).run(api, signal);
    assert.deepEqual(calls, ['add u1 up1,up2', 'remove u1 down', 'remove u1 down2']);
  });

  it('stops where a removal fails, the nodes added kept', async () => {
    const { api, calls } = recordingApi('down');
    await assert.rejects(rebindUser(noPanels, 'p', user, ['up1'], ['down', 'down2'], t).run(api, signal), /refused/);
    assert.deepEqual(calls, ['add u1 up1']);
  });

  it('Add Nodes and Remove Node send one request each', async () => {
    const { api, calls } = recordingApi();
    await addBindings(noPanels, 'p', user, ['n2'], t).run(api, signal);
    await removeBinding(noPanels, 'p', user, 'down', t).run(api, signal);
    assert.deepEqual(calls, ['add u1 n2', 'remove u1 down']);
  });

  it('a restart sends the restart of its node, says what it changes, and has nothing to read back', async () => {
    const { api, calls } = recordingApi();
    const restart = restartNode('n1', 'ams-1', t);
    await restart.run(api, signal);
    assert.deepEqual(calls, ['restart n1']);
    assert.equal(restart.question, 'Restart "ams-1"?');
    assert.match(restart.reconcile.nothingToReconcile, /nothing to read back/);
  });
});
