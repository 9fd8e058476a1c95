import type { RouteSpec } from '../api/catalog';
import { changesPanel } from '../api/catalog';

/**
 * How carefully Panel Ops treats a connected panel, chosen by the operator (in Connect, or later with Set
 * Protection Level…) and kept with the panel's record (not a secret):
 * - `open`: as every panel was before levels existed; destructive actions ask once.
 * - `protected`: every destructive or bulk action says exactly what will change and goes ahead only once the
 *   operator has typed the panel's name.
 * - `readOnly`: nothing that changes the panel is sent, whatever the token allows; write actions are hidden.
 * No `vscode` import: the decisions are unit-tested in plain Node.
 */
export type ProtectionLevel = 'open' | 'protected' | 'readOnly';

export const PROTECTION_LEVELS: readonly ProtectionLevel[] = ['open', 'protected', 'readOnly'];

/** A stored level read defensively: anything else (an older record, another window's data) is open. */
export function parseProtection(value: unknown): ProtectionLevel {
  return value === 'protected' || value === 'readOnly' ? value : 'open';
}

/**
 * The colours a panel may be marked with (theme colours, so they follow the operator's theme): the status
 * bar item, the panel's item in all-panels mode and its documents' tabs take it.
 */
export const PANEL_COLORS = ['charts.red', 'charts.orange', 'charts.yellow', 'charts.green', 'charts.blue', 'charts.purple'] as const;
export type PanelColor = (typeof PANEL_COLORS)[number];

export function parsePanelColor(value: unknown): PanelColor | undefined {
  return PANEL_COLORS.find((color) => color === value);
}

/** What the chat tools may do on a panel: read only, or also change it (each change confirmed). */
export type ChatAccess = 'read' | 'readWrite';

export function parseChatAccess(value: unknown): ChatAccess {
  return value === 'read' ? 'read' : 'readWrite';
}

/** What the guard needs of a panel's record. */
export interface GuardedPanel {
  readonly protection?: ProtectionLevel;
  readonly chatTools?: ChatAccess;
}

/**
 * Whether this request must not leave for the panel: a request that changes the panel (`changesPanel`: any
 * method but GET, except the four checks that change nothing) to a read-only panel. The last line of the
 * read-only level: the client of each panel asks it before anything is sent, whatever path the request took.
 */
export function refusesRequest(panel: GuardedPanel | undefined, route: RouteSpec): boolean {
  return panel?.protection === 'readOnly' && changesPanel(route);
}

/** Whether the chat tools may change this panel: not a read-only panel, nor one whose chat tools read only. */
export function chatMayChange(panel: GuardedPanel | undefined): boolean {
  return panel !== undefined && panel.protection !== 'readOnly' && panel.chatTools !== 'read';
}

/**
 * The suffix a tree item of a read-only panel carries in its contextValue (`user.active.readOnlyPanel`), so
 * `when` clauses hide write actions per item, also in all-panels mode where panels of several levels are
 * side by side: `!(viewItem =~ /\.readOnlyPanel$/)`.
 */
export const READ_ONLY_ITEM_SUFFIX = '.readOnlyPanel';

/** The item kinds that offer actions changing the panel; others (errors, "Load more…", messages) never carry the suffix. */
const ACTIONABLE_ITEMS = /^(node|nodeSection|user|userGroup|userBinding|alert|alertGroup|siteTemplate|brandingProfile|brandingField|brandingAsset|templateVersion)(\.|$)/;

/** An item's contextValue with or without the read-only suffix (idempotent, whatever it carried before). */
export function itemContextValue(contextValue: string | undefined, level: ProtectionLevel): string | undefined {
  if (contextValue === undefined || !ACTIONABLE_ITEMS.test(contextValue)) return contextValue;
  const bare = contextValue.endsWith(READ_ONLY_ITEM_SUFFIX) ? contextValue.slice(0, -READ_ONLY_ITEM_SUFFIX.length) : contextValue;
  return level === 'readOnly' ? `${bare}${READ_ONLY_ITEM_SUFFIX}` : bare;
}
