import * as assert from 'node:assert/strict';
import { OutcomeUnknownError, PanelHttpError, PanelResponseFormatError, routeById } from '../../../src/api';
import { nodeFailureOf } from '../../../src/api/nodeFailure';
import { usePanel } from '../support/clientPanelHooks';

/** Spec part 7: 503 = the node is offline, 502 = the operation failed on the node; decided in one place. */
describe('client: node offline or failed on the node (nodeFailureOf)', () => {
  const fixture = usePanel({ dataset: 'demo', jobStepMs: 50 });
  const api = () => fixture.client({ retry: { maxAttempts: 1 } });
  const node = (name: string) => [...fixture.panel.data.nodes.values()].find((candidate) => candidate.name === name)!;
  const failure = (promise: Promise<unknown>) => promise.then(() => assert.fail('expected a failure'), (error: unknown) => error);

  it('reads the panel\'s 503 for an offline node as offline, on every node route', async () => {
    const offline = node('waw-4');
    assert.equal(nodeFailureOf(await failure(api().nodes.restart(offline.id))), 'offline');
    assert.equal(nodeFailureOf(await failure(api().nodes.health(offline.id))), 'offline');
  });

  it('reads the panel\'s 502 for a failed node operation as failed on the node', async () => {
    assert.equal(nodeFailureOf(await failure(api().nodes.restart(node('hel-3').id))), 'failedOnNode');
  });

  it('says nothing about a node for a 503 or 502 of a route that addresses none, or for other failures', async () => {
    fixture.panel.inject({ kind: 'status', status: 503, match: { path: '/keys' } });
    const panelWide = await failure(api().keys.list({ per_page: 5 }));
    assert.ok(panelWide instanceof PanelHttpError && panelWide.status === 503, String(panelWide));
    assert.equal(nodeFailureOf(panelWide), undefined);
    fixture.panel.inject({ kind: 'html', status: 503, times: 5, match: { path: /\/health$/ } });
    const proxyPage = await failure(api().nodes.health(node('ams-1').id));
    assert.ok(proxyPage instanceof PanelResponseFormatError, String(proxyPage));
    assert.equal(nodeFailureOf(proxyPage), undefined);
    assert.equal(nodeFailureOf(new OutcomeUnknownError(routeById('nodes.restart'), { kind: 'failure', detail: 'reset' })), undefined);
    assert.equal(nodeFailureOf(new Error('503')), undefined);
  });

  it('takes a 503 that says the node is offline as the answer: sent once, not retried; a proxy\'s 503 page is retried', async () => {
    const client = fixture.client(); // the default three attempts
    const reads = (id: string) => fixture.panel.requests.filter((request) => request.method === 'GET' && request.path === `/api/v1/nodes/${id}/health`).length;
    const offline = node('waw-4');
    const before = reads(offline.id);
    const answer = await failure(client.nodes.health(offline.id));
    assert.equal(nodeFailureOf(answer), 'offline');
    assert.equal(reads(offline.id) - before, 1, 'one request: the panel said the node is offline');
    const online = node('ams-1');
    const earlier = reads(online.id);
    fixture.panel.inject({ kind: 'html', status: 503, times: 1, match: { path: /\/health$/ } });
    await client.nodes.health(online.id);
    assert.equal(reads(online.id) - earlier, 2, 'a proxy page is a transient failure: tried again');
  });

  it('counts node routes without a sub-path and the monitoring series of one node', () => {
    const error = (id: Parameters<typeof routeById>[0], status: number) => new PanelHttpError({ status, code: 'x', panelMessage: '', route: routeById(id) });
    assert.equal(nodeFailureOf(error('nodes.delete', 503)), 'offline');
    assert.equal(nodeFailureOf(error('monitoring.nodeSeries', 502)), 'failedOnNode');
    assert.equal(nodeFailureOf(error('nodes.list', 503)), undefined);
    assert.equal(nodeFailureOf(error('nodes.restart', 500)), undefined);
  });
});
