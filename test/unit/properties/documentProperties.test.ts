// The panel's JSON documents (a node's blocklist, web policy and reliability, a branding profile, the panel
// settings) under every seeded reading of the simulated panel: opened and saved unchanged, nothing is sent;
// one member changed sends back that member only, in the shape read, and the panel then holds the change.
// The changed text is the one the extension shows once the panel holds the change, so the value is one the
// panel takes and the shape is the seed's.
import * as assert from 'node:assert/strict';
import type { PanelApi } from '../../../src/api';
import { parseJsonExact, stringifyJsonExact } from '../../../src/api/exactJson';
import type { JsonObject } from '../../../src/api/types';
import { changedMembers, documentRoutes, documentText, type JsonDocumentId } from '../../../src/editors/documentRoutes';
import type { SimulatedPanel } from '../../panel';
import { changeOnPanel, PANEL_MUTATIONS, type MutationKind, type PanelMutation } from './panelMutations';
import { propertySeeds, replayHint, useSeededPanel } from './propertySeeds';

/** The documents of the demo panel a mutation's member lives in. */
function documentOf(panel: SimulatedPanel, mutation: PanelMutation): JsonDocumentId | undefined {
  const record = mutation.target(panel.data);
  const kinds: Partial<Record<MutationKind, () => JsonDocumentId | undefined>> = {
    settings: () => ({ kind: 'settings' }),
    branding: () => ({ kind: 'branding', profileId: String(record.id) }),
    node: () => {
      const before = structuredClone(record);
      mutation.change(before);
      if (stringifyJsonExact(before.blocklist) !== stringifyJsonExact(record.blocklist)) return { kind: 'node', nodeId: String(record.id), document: 'blocklist' };
      if (stringifyJsonExact(before.web_policy) !== stringifyJsonExact(record.web_policy)) return { kind: 'node', nodeId: String(record.id), document: 'web-policy' };
      if (stringifyJsonExact(before.reliability) !== stringifyJsonExact(record.reliability)) return { kind: 'node', nodeId: String(record.id), document: 'reliability' };
      return undefined;
    },
  };
  return kinds[mutation.kind]?.();
}

async function textOf(api: PanelApi, id: JsonDocumentId): Promise<string> {
  const routes = documentRoutes(id);
  return documentText(await routes.get(api, new AbortController().signal), routes.identity);
}

describe('properties: panel documents under every seeded reading', function () {
  this.timeout(60_000);
  const seeded = useSeededPanel();

  for (const seed of propertySeeds()) {
    it(`seed ${seed}: a document saved unchanged sends nothing; one member changed sends that member in the shape read, and the panel holds it`, async () => {
      const { panel, api } = await seeded(seed);
      const hint = replayHint(seed);
      for (const mutation of PANEL_MUTATIONS) {
        const id = documentOf(panel, mutation);
        if (!id) continue;
        const context = `${mutation.name} (${id.kind === 'node' ? id.document : id.kind}), ${hint}`;
        const routes = documentRoutes(id);
        const read = await textOf(api, id);
        assert.deepEqual(changedMembers(read, parseJsonExact(read) as JsonObject), {}, `saved unchanged, ${context} sends something`);

        const changed = changeOnPanel(panel.data, mutation);
        const edited = await textOf(api, id);
        changed.restore();
        const body = changedMembers(read, parseJsonExact(edited) as JsonObject);
        assert.equal(Object.keys(body).length, 1, `one member changed in ${context} sends ${stringifyJsonExact(body)}`);
        const was = parseJsonExact(read) as JsonObject;
        const member = Object.keys(body)[0];
        assert.ok(Object.hasOwn(was, member), `${context}: the save sends "${member}", which the document read did not hold`);
        await routes.put(api, body, new AbortController().signal);
        assert.deepEqual(mutation.read(mutation.target(panel.data)), changed.expected, `the panel does not hold ${context}`);
        assert.equal(await textOf(api, id), edited, `after the save, the document of ${context} does not read as saved`);
        changed.restore();
      }
    });
  }
});
