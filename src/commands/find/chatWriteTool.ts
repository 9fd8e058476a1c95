/**
 * A chat tool that changes a panel (`writeTool`): what it will do is said as VS Code's confirmation and, where
 * VS Code may not ask, in the tool's own question; the state a confirmation showed is recorded and an
 * invocation that reads another state refuses as stale.
 */
import * as vscode from 'vscode';
import { scrubText } from '../../api/modelFacts';
import { confirmChange } from '../../runner/guard';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { sentence, type ChatToolsContext, type ToolPanel } from './chatToolParts';

/** What a write tool will do, said the same way in VS Code's confirmation and in the tool's own. */
export interface Confirmation {
  readonly title: string;
  readonly message: string;
  /** The confirming button of the tool's own question (outside chat). */
  readonly action: string;
  /** Shown while the tool runs. */
  readonly progress: string;
  /** Exactly what will change, one line each (a protected panel lists them before asking for its name). */
  readonly changes: readonly string[];
}

/** What every planned write knows: its panel, and the state it read (to tell a stale confirmation). */
export interface Planned {
  readonly panel: ToolPanel;
}

/** How long a confirmation's recorded state is kept for its invocation. */
const PREVIEW_TTL_MS = 10 * 60_000;
/** Most confirmations kept at once (one per pending invocation; the oldest goes first). */
const MAX_PREVIEWS = 50;

/**
 * The state each confirmation showed, by tool and input: `prepareInvocation` records what it read, and the
 * invocation of the same input compares what it reads then. Chat gives both calls the same input and no
 * other common id.
 */
class Previews {
  private readonly shown = new Map<string, { readonly state: string; readonly at: number }>();

  record(key: string, state: string): void {
    this.shown.delete(key);
    this.shown.set(key, { state, at: Date.now() });
    while (this.shown.size > MAX_PREVIEWS) this.shown.delete(this.shown.keys().next().value as string);
  }

  /** The state recorded for this invocation (forgotten once taken), undefined when none or too old. */
  take(key: string): string | undefined {
    const entry = this.shown.get(key);
    this.shown.delete(key);
    return entry && Date.now() - entry.at <= PREVIEW_TTL_MS ? entry.state : undefined;
  }
}

/** The key of an invocation: the tool and its input, written with sorted members. */
function previewKey(tool: string, input: Record<string, unknown>): string {
  const sorted = (value: unknown): unknown => (Array.isArray(value) ? value.map(sorted)
    : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([name, item]) => [name, sorted(item)]))
      : typeof value === 'bigint' ? value.toString() : value);
  return `${tool}\n${JSON.stringify(sorted(input))}`;
}

/** What the model is told when the panel changed between the confirmation and the invocation. */
function staleSentence(panel: ToolPanel): vscode.LanguageModelToolResult {
  return sentence(vscode.l10n.t('Refused as stale: panel "{0}" changed after the confirmation was shown, so nothing was changed. Ask again to read it anew and confirm what it holds now.', plainLabel(panel.name, 60)));
}

/**
 * A tool that changes a panel. `plan` reads what the input names (side-effect free) and refuses with a
 * sentence (unknown panel, missing scope, a panel whose chat tools only read, unknown ids); `state` is
 * what of the read the change depends on; `confirmation` says exactly what will change; `act` changes it
 * through the action runner. In chat (a toolInvocationToken) VS Code has shown the confirmation of
 * `prepareInvocation` before `invoke`, and the state it showed was recorded: a different state read by
 * `invoke` refuses as stale. Outside chat VS Code may skip it (1.100 answers its own confirmation
 * "confirmed" without showing it in extension tests and under the smoke-test driver), so the tool then asks
 * itself, through the guard (runner/guard.ts), and changes nothing unless the user chose the action. A
 * protected panel wants its name typed either way. After any question the state is read again: changed
 * meanwhile, the invocation is refused as stale.
 */
export function writeTool<P extends Planned>(
  context: ChatToolsContext,
  name: string,
  checking: string,
  plan: (input: Record<string, unknown>, token: vscode.CancellationToken) => Promise<P | string>,
  state: (planned: P) => string,
  confirmation: (planned: P) => Confirmation,
  act: (planned: P, token: vscode.CancellationToken) => Promise<vscode.LanguageModelToolResult>,
): vscode.LanguageModelTool<Record<string, unknown>> {
  const previews = new Previews();
  // A panel that cannot be read (offline, token rejected) is a sentence for the model, not an exception.
  const safePlan = (input: Record<string, unknown>, token: vscode.CancellationToken) => plan(input, token).catch((error: unknown) => scrubText(describeError(error)));
  return {
    async prepareInvocation({ input }, token) {
      const planned = await safePlan(input, token);
      if (typeof planned === 'string') return { invocationMessage: checking }; // nothing will change: `invoke` says why
      previews.record(previewKey(name, input), state(planned));
      const { title, message, progress } = confirmation(planned);
      return { invocationMessage: progress, confirmationMessages: { title, message } };
    },
    async invoke(options, token) {
      const planned = await safePlan(options.input, token);
      if (typeof planned === 'string') return sentence(planned);
      const previewed = previews.take(previewKey(name, options.input));
      if (previewed !== undefined && previewed !== state(planned)) return staleSentence(planned.panel);
      const { title, message, action, changes } = confirmation(planned);
      const inChat = options.toolInvocationToken !== undefined;
      const asks = !inChat || context.session.protectionOf(planned.panel.id) === 'protected';
      const sure = await confirmChange(context, { panelId: planned.panel.id, action, question: title, detail: message, changes, shown: inChat });
      if (!sure) return sentence(vscode.l10n.t('The user did not confirm; nothing was changed.'));
      if (!asks) return act(planned, token);
      // Time passed while the user answered: what is acted on must still be what the confirmation showed.
      const now = await safePlan(options.input, token);
      if (typeof now === 'string') return sentence(now);
      if (state(now) !== state(planned)) return staleSentence(planned.panel);
      return act(now, token);
    },
  };
}
