// The panel folder's plan, drift and report documents (src/commands/panelFolder/folderText.ts): every value
// of the panel one plain line (no line break, control character or bidi override from a hostile name or
// value), long texts as line counts, and the counts of the summary line.
import * as assert from 'node:assert/strict';
import { applyReport, driftDocument, folderProblemText, planDocument, planSummary } from '../../../src/commands/panelFolder/folderText';
import { pendingNodeId, type DriftReport, type FolderApplyResult, type FolderPlan } from '../../../src/panelFolder';
import { NodeNames } from '../../../src/usersTable/userRows';
import { plainLocalize } from '../support/plainLocalize';

const HOSTILE = 'evil\u202Ename\n# injected heading\u0007';

function plan(): FolderPlan {
  return {
    mode: 'folder', target: 'https://panel.example.net', nodeOrder: [], names: new NodeNames([]),
    live: { origin: 'https://panel.example.net', nodes: [], templates: [], branding: [], names: new NodeNames([]), unread: [] },
    changes: [
      { kind: 'node', name: HOSTILE, action: 'update', id: 'n1', fields: [{ field: 'region', from: 'Old', to: HOSTILE }] },
      { kind: 'settings', name: 'settings', action: 'update', id: 'settings', fields: [{ field: 'timezone', from: 'UTC', to: 'Europe/Berlin\u202E\u0007' }, { field: 'panel_name', from: 'L'.repeat(10_000), to: 'Short' }] },
      { kind: 'template', name: 'Landing', action: 'update', id: 't1', fields: [{ field: 'html', from: 'a\nb', to: 'a\nb\nc' }] },
      { kind: 'branding', name: 'Spare', action: 'delete', id: 'b1', fields: [] },
    ],
    conflicts: [{ kind: 'user', name: HOSTILE, id: 'u1', reason: 'changedOnPanel', fields: [] }],
    panelOnly: [{ kind: 'node', name: 'sgp-6', id: 'n6', change: 'changed' }],
    problems: [{ file: 'nodes/x.node.json', line: 4, code: 'wrongType', field: 'order', value: 'positiveInteger' }],
  };
}

describe('panel folder: documents', () => {
  it('writes the plan with one plain line per value, long texts as line counts, and the summary counts', () => {
    const text = planDocument(plan(), { folder: 'panels/Prod', panel: 'Prod' }, plainLocalize, () => 'table');
    assert.ok(!/[\u202E\u0007]/.test(text), 'no control or bidi character');
    assert.ok(!text.includes('\n# injected'), 'a value cannot start a line of its own');
    assert.match(text, /^# Plan of panels\/Prod for Prod$/m);
    assert.match(text, /^- update node "evilname # injected heading"$/m);
    assert.match(text, /^ {4}region: 1 lines → 2 lines$/m, 'a value of several lines is told by its lines');
    assert.match(text, /^ {4}timezone: "UTC" → "Europe\/Berlin\\u0007"$/m, 'one line, controls escaped, bidi marks gone');
    assert.match(text, /^ {4}html: 2 lines → 3 lines$/m);
    assert.match(text, /^ {4}panel_name: "L{78}… → "Short"$/m, 'one long line told by its value, cut');
    assert.match(text, /^- delete branding profile "Spare" \(only when you confirm deletions\)$/m);
    assert.match(text, /^- nodes\/x\.node\.json:4 — "order" must be a whole number from 1\.$/m);
    assert.equal(planSummary(plan(), plainLocalize), '4 changes (create 0, update 3, delete 1) · 1 conflicts · 1 problems');
  });

  it('says a problem in words', () => {
    assert.equal(folderProblemText({ file: 'a', line: 1, code: 'unknownTemplate', value: HOSTILE }, plainLocalize, () => ''), 'No site template is named "evilname # injected heading" on the panel or in the folder.');
  });

  it('lists each user the plan changes; a binding to a node the plan creates says it waits for that node', () => {
    const lisbon = pendingNodeId('lis-7');
    const names = new NodeNames([{ id: 'n1', name: 'ams-1' }, { id: lisbon, name: 'lis-7' }]);
    const before = { id: 'u1', label: HOSTILE, note: 'Old', owner: '', type: 'PERSONAL', expiresAt: null, enabled: true, nodeIds: ['n1'], revoked: false };
    const users: FolderPlan['users'] = {
      base: [before],
      plan: {
        creates: [{ line: 3, values: { label: 'Lisbon desk', note: '', owner: '', type: 'PERSONAL', expiresAt: null, enabled: true, nodeIds: [lisbon] } }],
        updates: [{ line: 2, before, fields: { note: 'New' }, addNodes: [lisbon], removeNodes: ['n1'], after: { ...before, note: 'New', nodeIds: [lisbon] } }],
        deletes: [], problems: [], deletesHeld: false,
      },
    };
    const text = planDocument({ ...plan(), names, users }, { folder: 'f', panel: 'p' }, plainLocalize, () => 'table');
    assert.ok(!/[\u202E\u0007]/.test(text));
    assert.match(text, /^- create user "Lisbon desk"\n {4}nodes: \+"lis-7" \(waits for that node: this apply creates it first\)$/m);
    assert.match(text, /^- update user "evilname # injected heading"\n {4}note: "Old" → "New"\n {4}nodes: \+"lis-7" \(waits for that node: this apply creates it first\), −"ams-1"$/m);
  });

  it('writes drift and the apply report the same way', () => {
    const drift: DriftReport = { comparable: true, changes: [{ kind: 'node', name: HOSTILE, id: 'n1', action: 'update', fields: [{ field: 'region', from: 'A', to: 'B' }] }], users: [{ id: 'u1', label: HOSTILE, action: 'create' }] };
    const text = driftDocument(drift, { folder: 'f', panel: 'p' }, plainLocalize);
    assert.ok(!/[\u202E\u0007]/.test(text));
    assert.match(text, /^- node "evilname # injected heading": changed\n {4}region: "A" → "B"$/m);
    const result: FolderApplyResult = {
      outcomes: [{ kind: 'node', name: HOSTILE, action: 'update', outcome: 'conflict', fields: ['region'], detail: { kind: 'changed', fields: [{ field: 'region', from: 'C', to: 'B' }] } }],
      changedNodes: [{ id: 'n1', name: 'hel-3' }], cancelled: false,
    };
    const report = applyReport(result, plan(), { folder: 'f', panel: 'p' }, plainLocalize, String);
    assert.match(report, /^- update node "evilname # injected heading": skipped: changed on the panel — the panel now holds region "C"$/m);
    assert.match(report, /^The configuration of 1 node changed: hel-3$/m);
  });
});
