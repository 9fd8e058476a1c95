// Every value a simulated panel holds that is secret or a link (tokens, user secrets, subscription slugs and
// short addresses, registration secrets, proxy links): what no file Panel Ops writes may hold. Shared by the
// panel-as-a-folder unit tests and the VS Code suite's scan of the folders it pulls.
import type { SimulatedPanel } from '../panel';

/** Every secret or link of the panel, six characters or longer (shorter ones would match by chance). */
export function secretsOf(panel: SimulatedPanel): string[] {
  const secrets = new Set<string>(Object.values(panel.tokens));
  for (const key of panel.data.keys.values()) {
    secrets.add(key.secret);
    if (key.sub_slug) secrets.add(key.sub_slug);
    if (key.subscription_short_url) secrets.add(key.subscription_short_url);
  }
  for (const node of panel.data.nodes.values()) secrets.add(node.registration_secret);
  secrets.add('tg://proxy');
  secrets.add('t.me/proxy');
  return [...secrets].filter((secret) => secret.length >= 6);
}

/** Members that hold a secret or a link in the panel's answers: none may be a member of a file written. */
export const SECRET_MEMBERS = /"(secret|sub_slug|subscription_short_url|links|registration_secret|command)"\s*:/;
