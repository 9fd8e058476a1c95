// The users table's words (commands/usersTable/planText.ts): a table's plan names its lines and Apply Plan;
// Revert Last Plan's plan speaks as a revert (no lines, no command to run, "created by the last plan");
// a conflict in the report says what changed on the panel, with the panel's values; report headings write
// times in the display language.
import * as assert from 'node:assert/strict';
import { planDocument, reportDocument, revertDocument } from '../../../src/commands/usersTable/planText';
import { momentText } from '../../../src/text/dates';
import { useDisplayLanguage } from '../../../src/text/displayLanguage';
import { differences, type ApplyResult, type UserOutcome } from '../../../src/usersTable/applyPlan';
import { planRevert, type LastPlan } from '../../../src/usersTable/revertPlan';
import { NodeNames, rowOf, type UserState } from '../../../src/usersTable/userRows';
import { PanelHttpError, routeById } from '../../../src/api';
import { CREATE_ENCODINGS } from '../../../src/usersTable/createUsers';
import { planUsers } from '../../../src/usersTable/usersPlan';
import { plainLocalize as t } from '../support/plainLocalize';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const FUTURE = '2027-01-01T00:00:00.000Z';
const names = new NodeNames([{ id: 'n1', name: 'fra-1' }, { id: 'n2', name: 'ams-1' }]);
const describe_ = (error: unknown) => `failed: ${String(error)}`;

function user(id: string, fields: Partial<UserState> = {}): UserState {
  return { id, label: `User ${id}`, note: '', owner: '', type: 'PERSONAL', expiresAt: null, enabled: true, nodeIds: ['n1'], revoked: false, ...fields };
}

function result(outcomes: UserOutcome[], fallbacks: ApplyResult['fallbacks'] = []): ApplyResult {
  return { outcomes, requests: 3, keys: [], deletedIds: [], reboundNodes: [], applied: [], created: [], deleted: [], cancelled: false, fallbacks };
}

/** A last plan: u1's expiry set, u2 disabled, u3 moved to ams-1; u9 created, u8 deleted. */
function lastPlan(): LastPlan {
  return {
    panelId: 'p',
    appliedAt: '2026-05-31T12:00:00.000Z',
    changes: [
      { before: user('u1'), after: user('u1', { expiresAt: FUTURE }) },
      { before: user('u2'), after: user('u2', { enabled: false }) },
      { before: user('u3'), after: user('u3', { nodeIds: ['n2'] }) },
    ],
    created: [{ id: 'u9', label: 'User u9' }],
    deleted: [{ id: 'u8', label: 'User u8' }],
  };
}

describe('users table words: the plan of a table', () => {
  it('names the lines of its rows and says Apply Plan sends it', () => {
    const base = [user('u1'), user('u2')];
    const rows = [{ ...rowOf(base[0], names), line: 2, note: 'hello' }, { ...rowOf(user('', { label: 'New' }), names), id: '', line: 4 }];
    const text = planDocument(planUsers(base, rows, names, NOW), names, 'Plan for all users on Panel', t);
    assert.match(text, /^# Plan for all users on Panel$/m);
    assert.match(text, /^@@ line 2: update "User u1" \(u1\) @@$/m);
    assert.match(text, /^@@ line 4: create "New" @@$/m);
    assert.match(text, /^@@ delete "User u2" \(u2\) @@\n- the row was deleted$/m);
    assert.match(text, /Run Apply Plan to send it/);
  });
});

describe('users table words: the revert plan', () => {
  it('speaks as a revert: what goes back, the users the last plan created, no lines and no Apply Plan', () => {
    const revert = planRevert(lastPlan(), [user('u9', { label: 'User u9' })], names, NOW);
    const text = revertDocument(revert, names, 'Revert of the users plan applied May 31, 2026', t);
    assert.match(text, /^# Revert of the users plan applied May 31, 2026$/m);
    assert.match(text, /^# create 0 · update 1 \(expiry 1\) · disable 0 · enable 1 · delete 1 · node bindings 2 \(\+1 −1\)$/m);
    assert.match(text, /^@@ revert "User u1" \(u1\) @@\n- expiry: 2027-01-01T00:00:00.000Z\n\+ expiry: \(none\)$/m);
    assert.match(text, /^@@ revert "User u2" \(u2\) @@\n- enabled: false\n\+ enabled: true$/m);
    assert.match(text, /^@@ revert "User u3" \(u3\) @@\n- node: ams-1\n\+ node: fra-1$/m);
    assert.match(text, /^@@ delete "User u9" \(u9\) @@\n- created by the last plan; reverting deletes it$/m);
    assert.match(text, /^# 1 user the last plan created is still on the panel: you are asked whether to delete it when you revert\.$/m);
    assert.match(text, /^# 1 user the plan deleted is gone and cannot be brought back: "User u8"$/m);
    assert.match(text, /^# Nothing has been sent yet: the revert is sent once you confirm it\.$/m);
    assert.doesNotMatch(text, /line \d/, 'a revert has no document to point into');
    assert.doesNotMatch(text, /Apply Plan/, 'its own dialog sends it');
    assert.doesNotMatch(text, /the row was deleted/);
  });

  it('lists what cannot be put back, with the reason, and sends nothing for it', () => {
    const last = lastPlan();
    // u1's expiry before the plan has passed since: the panel takes only a future expiry.
    const plan: LastPlan = { ...last, changes: [{ before: user('u1', { expiresAt: '2026-05-15T00:00:00.000Z' }), after: user('u1', { expiresAt: FUTURE }) }, last.changes[1]], created: [], deleted: [] };
    const revert = planRevert(plan, [], names, NOW);
    assert.deepEqual(revert.plan.updates.map((change) => change.before.id), ['u2']);
    const text = revertDocument(revert, names, 'Revert', t);
    assert.match(text, /^# 1 user cannot be put back as it was \(below\): nothing is sent for it\.$/m);
    assert.match(text, /^@@ cannot revert "User u1" \(u1\) @@\n {2}The expiry 2026-05-15T00:00:00.000Z is not in the future/m);
    assert.doesNotMatch(text, /see Problems|line \d/, 'no Problems and no lines without a document');
  });

  it('says there is nothing to revert when the panel no longer holds what the plan changed', () => {
    const text = revertDocument(planRevert({ ...lastPlan(), changes: [], created: [] }, [], names, NOW), names, 'Revert', t);
    assert.match(text, /Nothing to revert: the panel no longer holds what the last plan changed\./);
    assert.doesNotMatch(text, /confirm/);
  });
});

describe('users table words: the report', () => {
  const read = user('u1', { label: 'Alice', note: '', nodeIds: ['n1'] });
  const onPanel = user('u1', { label: 'Alice B.', note: 'changed in the web UI', nodeIds: ['n1', 'n2'], enabled: false, expiresAt: FUTURE });
  const conflict: UserOutcome = { action: 'update', kind: 'conflict', id: 'u1', label: 'Alice', line: 7, detail: differences(read, onPanel) };

  it('says what changed on the panel in a conflict: each column with the value read and the panel\'s now', () => {
    const text = reportDocument(result([conflict]), { heading: 'Result', source: 'table', names }, t, describe_);
    assert.match(text, /^## skipped: changed on the panel since the table was read \(1\)$/m);
    const entry = text.split('\n').find((line) => line.startsWith('- ')) ?? '';
    assert.equal(entry, `- line 7: update "Alice" (u1) — on the panel now: label "Alice" → "Alice B."; note (none) → "changed in the web UI"; expiry (none) → ${FUTURE}; enabled true → false; nodes fra-1 → fra-1, ams-1`);
  });

  it('names a revoked user and one that could not be read', () => {
    const revoked = differences(read, { ...read, revoked: true });
    const text = reportDocument(result([
      { action: 'delete', kind: 'conflict', id: 'u1', label: 'Alice', detail: revoked },
      { action: 'update', kind: 'conflict', id: 'u2', label: 'Bob', line: 3, detail: { kind: 'notRead' } },
    ]), { heading: 'Result', source: 'table', names }, t, describe_);
    assert.match(text, /^- delete "Alice" \(u1\) — on the panel now: revoked$/m);
    assert.match(text, /^- line 3: update "Bob" \(u2\) — it could not be read again, so it was left unchanged$/m);
  });

  it('reports a revert as a revert: no lines, and conflicts are changes since the last plan', () => {
    const text = reportDocument(result([conflict, { action: 'update', kind: 'applied', id: 'u2', label: 'Bob', line: 2 }]), { heading: 'Result of the revert', source: 'revert', names }, t, describe_);
    assert.match(text, /^## skipped: changed on the panel since the last plan \(1\)$/m);
    assert.match(text, /^- revert "Alice" \(u1\) — on the panel now: label "Alice" → "Alice B\."/m);
    assert.match(text, /^- revert "Bob" \(u2\)$/m);
    assert.doesNotMatch(text, /line \d/);
  });
});

describe('report headings: times in the display language', () => {
  after(() => useDisplayLanguage('en'));

  it('writes a kept ISO time as the display language writes a date and time, not as ISO', () => {
    const at = '2026-11-21T12:05:00.000Z';
    useDisplayLanguage('en');
    const english = momentText(at);
    assert.doesNotMatch(english, /\d{4}-\d{2}-\d{2}T/);
    assert.match(english, /Nov 2[01], 2026/);
    useDisplayLanguage('ru');
    const russian = momentText(at);
    assert.match(russian, /2[01] нояб\. 2026/);
    assert.notEqual(russian, english);
    assert.equal(momentText('not a time'), 'not a time', 'text that is not a time stays as it is');
  });
});

describe('a refused guess in the report', () => {
  it('says what the panel refused, what was done instead, then the panel\'s own words', () => {
    const error = new PanelHttpError({ status: 400, code: 'unknown_field', panelMessage: 'unknown field: node_ids', route: routeById('keys.import') });
    const created = (id: string): UserOutcome => ({ action: 'create', kind: 'applied', id, label: `User ${id}`, line: 2 });
    const text = reportDocument(result([created('a'), created('b'), created('c')], [
      { route: 'keys.import', refused: { name: CREATE_ENCODINGS.importNodesInEach, error }, sent: CREATE_ENCODINGS.oneByOne, users: 3 },
    ]), { heading: 'Result', source: 'table', names }, t, describe_);
    assert.match(text, /^# The panel does not take node_ids in an import; creating the 3 users one by one instead\. The panel said: "400 unknown field: node_ids"\.$/m);
  });
});
