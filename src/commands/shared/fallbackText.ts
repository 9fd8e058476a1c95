/**
 * What the operator is told when a panel refused a body the contract does not show and something else
 * was sent (bodyEncodings.ts): what was refused, what is done instead, then the panel's own words. Takes
 * the translation function (`vscode.l10n.t`), so the report's text stays testable without VS Code.
 */
import { fieldsNamedBy, type RefusedEncoding } from '../../api/index';
import type { Localize } from '../../text/localize';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { CREATE_ENCODINGS } from '../../usersTable/createUsers';
import { panelWords } from '../../usersTable/refusalWords';

export interface FallbackFacts {
  readonly route: 'keys.import' | 'keys.batch' | 'keys.bulk';
  readonly refused: RefusedEncoding;
  /** The encoding sent in the end. */
  readonly sent: string | undefined;
  readonly users: number;
}

/** "The panel does not take node_ids in an import; creating the 3 users one by one instead. The panel said: …" */
export function fallbackText(facts: FallbackFacts, t: Localize): string {
  const member = fieldsNamedBy(facts.refused.error, ['node_ids', 'action', 'ids', 'items', 'note', 'owner_label'])[0];
  const said = t('The panel said: "{0}".', plainLabel(panelWords(facts.refused.error), 300));
  return `${doneInstead(facts, member, t)} ${said}`;
}

function doneInstead(facts: FallbackFacts, member: string | undefined, t: Localize): string {
  const n = facts.users;
  if (facts.route === 'keys.bulk') {
    return member
      ? plural(n, { one: 'The panel does not take {1} in a bulk change; changing {0} user through its own route instead.', other: 'The panel does not take {1} in a bulk change; changing the {0} users one at a time instead.' }, t, member)
      : plural(n, { one: 'The panel does not take this bulk change\'s body; changing {0} user through its own route instead.', other: 'The panel does not take this bulk change\'s body; changing the {0} users one at a time instead.' }, t);
  }
  if (facts.sent === CREATE_ENCODINGS.importNodesInEach) {
    return t('The panel does not take node_ids beside the users of an import; sending each user\'s nodes with the user instead.');
  }
  const what = facts.route === 'keys.batch' ? t('a batch') : t('an import');
  return member
    ? plural(n, { one: 'The panel does not take {1} in {2}; creating {0} user on its own instead.', other: 'The panel does not take {1} in {2}; creating the {0} users one by one instead.' }, t, member, what)
    : plural(n, { one: 'The panel does not take the body of {1}; creating {0} user on its own instead.', other: 'The panel does not take the body of {1}; creating the {0} users one by one instead.' }, t, what);
}
