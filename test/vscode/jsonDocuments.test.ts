// The panel's JSON documents (a node's blocklist, web policy and reliability, a branding profile, the panel
// settings) in real editor tabs, against the simulated panel in each of its readings (test/panel/SHAPES.md
// "Readings"): a save sends only the members the operator changed, a refusal naming a field is marked
// at that field's line, and a save whose answer is lost after the panel applied it is read back (saved,
// sent once).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { READINGS, type SimulatedPanel } from '../panel';
import { endEditorTest, problems, replaceText } from './editorSupport';
import { connectedPanel, nodeItem, requestsTo, type TestApi } from './support';

type Shown = Record<string, unknown>;

interface DocumentCase {
  readonly name: string;
  open(api: TestApi, panel: SimulatedPanel): Promise<void>;
  /** The path of the document's PUT. */
  putPath(panel: SimulatedPanel): string;
  /** One member changed to a value the panel takes. */
  change(shown: Shown, round: number): [string, unknown];
  /** One member changed to a value the panel refuses, naming that member. */
  refused: [string, unknown];
  /** What the panel holds now of a member. */
  held(panel: SimulatedPanel, member: string): unknown;
}

const node = (panel: SimulatedPanel) => {
  const found = [...panel.data.nodes.values()].find((candidate) => candidate.name === 'ams-1');
  assert.ok(found);
  return found;
};
const nightOps = (panel: SimulatedPanel) => {
  const found = [...panel.data.brandingProfiles.values()].find((candidate) => candidate.name === 'Night ops');
  assert.ok(found);
  return found;
};

const CASES: readonly DocumentCase[] = [
  {
    name: 'a node\'s blocklist',
    open: async (api) => { await vscode.commands.executeCommand('panelOps.nodes.openBlocklist', await nodeItem(api, 'ams-1')); },
    putPath: (panel) => `/nodes/${node(panel).id}/blocklist`,
    change: (_shown, round) => ['entries', [`203.0.113.${round}`, '198.51.100.0/24']],
    refused: ['entries', ['not an address']],
    held: (panel) => node(panel).blocklist,
  },
  {
    name: 'a node\'s web policy',
    open: async (api) => { await vscode.commands.executeCommand('panelOps.nodes.openWebPolicy', await nodeItem(api, 'ams-1')); },
    putPath: (panel) => `/nodes/${node(panel).id}/web-policy`,
    change: (_shown, round) => ['allow_countries', round === 1 ? ['NL'] : ['NL', 'DE']],
    refused: ['mode', 'sideways'],
    held: (panel, member) => (node(panel).web_policy as unknown as Shown)[member],
  },
  {
    name: 'a node\'s reliability',
    open: async (api) => { await vscode.commands.executeCommand('panelOps.nodes.openReliability', await nodeItem(api, 'ams-1')); },
    putPath: (panel) => `/nodes/${node(panel).id}/reliability`,
    change: (_shown, round) => ['max_restarts_per_hour', 4 + round],
    refused: ['health_check_interval_seconds', 1],
    held: (panel, member) => (node(panel).reliability as unknown as Shown)[member],
  },
  {
    name: 'a branding profile',
    open: async (api) => {
      api.input.queue('Night ops');
      await vscode.commands.executeCommand('panelOps.branding.open');
    },
    putPath: (panel) => `/branding/profiles/${nightOps(panel).id}`,
    change: (_shown, round) => ['footer_text', `Night shift ${round}`],
    refused: ['primary_color', 'blue'],
    held: (panel, member) => (nightOps(panel) as unknown as Shown)[member],
  },
  {
    name: 'the panel settings',
    open: async () => { await vscode.commands.executeCommand('panelOps.settings.open'); },
    putPath: () => '/settings',
    change: (_shown, round) => ['panel_name', `Documents panel ${round}`],
    refused: ['panel_name', 42],
    held: (panel, member) => panel.data.settings[member],
  },
];

function putsTo(panel: SimulatedPanel, path: string) {
  return requestsTo(panel, path).filter((request) => request.method === 'PUT');
}

function activeJson(): vscode.TextEditor {
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor && editor.document.uri.scheme === 'panelops' && editor.document.uri.path.endsWith('.json'), 'a JSON document opened');
  return editor;
}

for (const reading of READINGS) {
  describe(`Panel JSON documents (${reading} reading)`, () => {
    const connected = connectedPanel({ panel: { readings: { reading } }, connect: { name: `Documents panel (${reading})` } });
    let api: TestApi;
    let panel: SimulatedPanel;

    before(() => ({ api, panel } = connected));
    afterEach(() => endEditorTest(api));

    it('saves a document saved in another layout, then refused and reverted, once more: no "file is newer"', async () => {
      const blocklist = CASES[0];
      await blocklist.open(api, panel);
      const editor = activeJson();
      // Typed compactly, without the final newline: the panel lays it out otherwise when read again.
      await replaceText(editor, JSON.stringify({ entries: ['192.0.2.1'] }));
      assert.equal(await editor.document.save(), true);
      await replaceText(editor, JSON.stringify({ entries: ['not an address'] }));
      assert.equal(await editor.document.save(), false, 'refused');
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
      assert.deepEqual(JSON.parse(editor.document.getText()), { entries: ['192.0.2.1'] }, 'reverted to what the panel holds');
      await replaceText(editor, JSON.stringify({ entries: ['192.0.2.2'] }, null, 2));
      panel.resetRequests();
      assert.equal(await editor.document.save(), true, 'saved, not refused as modified since it was read');
      assert.deepEqual(node(panel).blocklist, ['192.0.2.2']);
      assert.equal(putsTo(panel, blocklist.putPath(panel)).length, 1);
    });

    for (const document of CASES) {
      it(`saves ${document.name} with only the member changed, and marks a refused field at its line`, async () => {
        await document.open(api, panel);
        const editor = activeJson();
        const shown = JSON.parse(editor.document.getText()) as Shown;
        const [member, value] = document.change(shown, 1);
        assert.notDeepEqual(shown[member], value, 'the test changes something');
        panel.resetRequests();
        await replaceText(editor, JSON.stringify({ ...shown, [member]: value }, null, 2));
        assert.equal(await editor.document.save(), true);
        assert.deepEqual(putsTo(panel, document.putPath(panel)).map((request) => JSON.parse(request.body ?? '{}')), [{ [member]: value }], 'only the changed member is sent');
        assert.deepEqual(document.held(panel, member), value);

        const [field, wrong] = document.refused;
        const text = JSON.stringify({ ...shown, [member]: value, [field]: wrong }, null, 2);
        panel.resetRequests();
        await replaceText(editor, text);
        assert.equal(await editor.document.save(), false, 'the panel refuses the value');
        assert.equal(editor.document.isDirty, true);
        assert.deepEqual(putsTo(panel, document.putPath(panel)).map((request) => JSON.parse(request.body ?? '{}')), [{ [field]: wrong }], 'the refused save sent only its change too');
        const line = text.split('\n').findIndex((candidate) => candidate.startsWith(`  ${JSON.stringify(field)}:`));
        const marked = await problems(editor.document.uri, 'panel (save)');
        assert.ok(marked.some((diagnostic) => diagnostic.range.start.line === line && diagnostic.message.includes(field)),
          `marked at line ${line}: ${JSON.stringify(marked.map((diagnostic) => [diagnostic.range.start.line, diagnostic.message]))}`);
      });

      it(`reads ${document.name} back after its save's answer is lost once applied: saved, sent once`, async () => {
        await document.open(api, panel);
        const editor = activeJson();
        const shown = JSON.parse(editor.document.getText()) as Shown;
        const [member, value] = document.change(shown, 2);
        assert.notDeepEqual(shown[member], value, 'the test changes something');
        await replaceText(editor, JSON.stringify({ ...shown, [member]: value }, null, 2));
        panel.resetRequests();
        panel.inject({ kind: 'drop-after-apply', match: { method: 'PUT', path: document.putPath(panel) } });
        try {
          assert.equal(await editor.document.save(), true, 'read back: the panel holds it, so it is saved');
        } finally {
          panel.clearFaults();
        }
        assert.equal(putsTo(panel, document.putPath(panel)).length, 1, 'the PUT was not sent again');
        assert.equal(editor.document.isDirty, false);
        assert.deepEqual(document.held(panel, member), value);
      });
    }
  });
}
