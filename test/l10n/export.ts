// Writes l10n/bundle.l10n.json from the sources (see messages.ts): npm run l10n:export
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeMessages, englishBundle, repoRoot } from './messages';

const { messages, problems } = codeMessages();
if (problems.length > 0) {
  console.error(`Messages no bundle can hold (not literals):\n${problems.join('\n')}`);
  process.exit(1);
}
mkdirSync(join(repoRoot, 'l10n'), { recursive: true });
writeFileSync(join(repoRoot, 'l10n', 'bundle.l10n.json'), `${JSON.stringify(englishBundle(messages), null, 2)}\n`);
console.log(`l10n/bundle.l10n.json: ${messages.size} messages`);
