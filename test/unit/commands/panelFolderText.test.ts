// The panel folder's plan, drift and report documents (src/commands/panelFolder/folderText.ts): every value
// of the panel one plain line (no line break, control character or bidi override from a hostile name or
// value), long texts as line counts, and the counts of the summary line.
import * as assert from 'node:assert/strict';
import { applyPreview, applyReport, applySummary, conflictsSentence, driftDocument, folderProblemText, notHeldSentence, planDocument, planSummary } from '../../../src/commands/panelFolder/folderText';
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
    assert.match(text, /^# Plan of panels\/Prod for Prod — 1 file left out for Problems\n/, 'the first line says how many files were left out');
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
    assert.match(report, /^- update node "evilname # injected heading": skipped: changed on the panel — region: the panel holds "C", the folder wants "B"$/m);
    assert.match(report, /^The configuration of 1 node changed: hel-3$/m);
  });

  it('tells a nested change by the member that changed, to the leaf; lists compared whole', () => {
    const nested: FolderPlan = {
      ...plan(), problems: [], conflicts: [],
      changes: [{
        kind: 'settings', name: 'settings', action: 'update', id: 'settings', fields: [{
          field: 'subscription_page',
          from: { title: 'A', show_qr: true, colors: { accent: '#111', text: '#222' }, links: ['x', 'y'], note: 'N'.repeat(200) },
          to: { title: 'B', show_qr: true, colors: { accent: '#333', text: '#222' }, links: ['x'], note: 'N'.repeat(200), added: 1 },
        }],
      }],
    };
    const text = planDocument(nested, { folder: 'panels/Staging', panel: 'Staging' }, plainLocalize, () => 'table');
    assert.match(text, /^# Plan of panels\/Staging for Staging$/m, 'no Problems: the first line as it was');
    const lines = text.split('\n').filter((line) => line.startsWith('    '));
    assert.deepEqual(lines, [
      '    subscription_page.added: — → 1',
      '    subscription_page.colors.accent: "#111" → "#333"',
      '    subscription_page.links: ["x","y"] → ["x"]',
      '    subscription_page.title: "A" → "B"',
    ]);
  });

  it('names the conflicts an apply kept (those of the plan too) with the panel\'s value and the folder\'s', () => {
    const planned: FolderPlan = {
      ...plan(),
      conflicts: [
        { kind: 'node', name: 'fra-2', id: 'n2', reason: 'changedOnPanel', fields: [{ field: 'region', from: 'Frankfurt (web UI)', to: 'Frankfurt (folder)' }] },
        { kind: 'template', name: 'Gone one', id: 't9', reason: 'goneFromPanel', fields: [] },
      ],
    };
    const result: FolderApplyResult = {
      outcomes: [
        { kind: 'node', name: 'hel-3', action: 'update', outcome: 'applied', fields: ['region'] },
        { kind: 'branding', name: 'Night', action: 'update', outcome: 'conflict', fields: ['footer_text'], detail: { kind: 'changed', fields: [{ field: 'footer_text', from: 'P', to: 'F' }] } },
      ],
      changedNodes: [], cancelled: false,
    };
    assert.equal(applySummary(result, planned, plainLocalize), '1 applied · 3 skipped as conflicts · 0 refused · 0 reconciled · 0 not applied · 0 not sent');
    assert.equal(conflictsSentence(result, planned, plainLocalize),
      'Skipped as conflicts, kept as the panel holds them: node "fra-2" (region: the panel holds "Frankfurt (web UI)", the folder wants "Frankfurt (folder)"), site template "Gone one" (no longer on the panel), branding profile "Night" (footer_text: the panel holds "P", the folder wants "F").');
    const report = applyReport(result, planned, { folder: 'f', panel: 'p' }, plainLocalize, String);
    assert.match(report, /^- node "fra-2": changed on the panel\n {4}region: the panel holds "Frankfurt \(web UI\)", the folder wants "Frankfurt \(folder\)"$/m);
    assert.equal(conflictsSentence({ outcomes: [], changedNodes: [], cancelled: false }, { ...plan(), conflicts: [] }, plainLocalize), '', 'none: nothing said');
  });

  it('tells, in the report and the notice, what the panel took but holds otherwise when read again, by the member', () => {
    const result: FolderApplyResult = { outcomes: [{ kind: 'node', name: 'ams-1', action: 'update', outcome: 'applied', fields: ['site'] }], changedNodes: [], cancelled: false };
    const notHeld = [{ kind: 'node' as const, name: 'ams-1', action: 'update' as const, id: 'n1', fields: [{ field: 'site', from: { upstream: { url: null, enabled: false } }, to: { upstream: { url: 'https://u.example', enabled: false } } }] }];
    assert.equal(notHeldSentence(notHeld, plainLocalize),
      'Taken by the panel but held otherwise (read again after the apply): node "ams-1" (site.upstream.url: the panel holds null, the folder has "https://u.example").');
    const report = applyReport(result, { ...plan(), conflicts: [] }, { folder: 'f', panel: 'p' }, plainLocalize, String, notHeld);
    assert.match(report, /^## Taken by the panel but held otherwise .*\n- node "ams-1"\n {4}site\.upstream\.url: the panel holds null, the folder has "https:\/\/u\.example"$/m);
    assert.equal(notHeldSentence([], plainLocalize), '', 'none: nothing said');
  });

  it('says what Apply will do before it does it: counts per kind, users, deletions kept, conflicts, files left out', () => {
    const planned: FolderPlan = {
      ...plan(),
      conflicts: [{ kind: 'node', name: 'fra-2', id: 'n2', reason: 'changedOnPanel', fields: [{ field: 'region', from: 'P', to: 'F' }] }],
      problems: [
        { file: 'nodes/x.node.json', line: 4, code: 'wrongType', field: 'order', value: 'positiveInteger' },
        { file: 'nodes/x.node.json', line: 9, code: 'unknownTemplate', field: 'site.template', value: 'No such' },
        { file: 'settings.json', line: 1, code: 'notJson', detail: 'Unexpected token' },
      ],
    };
    const preview = applyPreview(planned, false, plainLocalize);
    assert.deepEqual(preview, [
      'site template: create 0, update 1, delete 0',
      'node: create 0, update 1, delete 0',
      'settings: create 0, update 1, delete 0',
      '1 deletion not sent (kept on the panel)',
      '1 conflict skipped: node "fra-2" (region: the panel holds "P", the folder wants "F")',
      '2 files left out for Problems: nodes/x.node.json, settings.json',
      'update node "evilname # injected heading": region',
      'update settings "settings": timezone, panel_name',
      'update site template "Landing": html',
    ]);
    assert.ok(applyPreview(planned, true, plainLocalize).includes('branding profile: create 0, update 0, delete 1'), 'deletions counted when confirmed');
  });
});
