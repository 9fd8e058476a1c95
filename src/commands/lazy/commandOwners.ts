/**
 * Which lazily loaded group registers each contributed command, derived from the ids in package.json
 * (`context.extension.packageJSON` at activation, which VS Code has already read): a new command costs its
 * package.json entry, its nls titles and its handler, nothing here as long as its id starts with its
 * group's prefix. A group owns the ids under its prefixes and the exact ids it names outside them; the
 * longest claim wins, so `panelOps.nodes.showMetrics` belongs to `monitoring`, not `nodes`. An id no group
 * claims is registered at activation (the connection's and the shared tree-item commands).
 * test/unit/commands/lazyGroups.test.ts checks the result against what each group's code registers.
 * No `vscode` import: the unit tests run it in plain Node.
 */
export const COMMAND_OWNERS = {
  users: ['panelOps.users.'],
  usersTable: ['panelOps.users.editAsTable', 'panelOps.users.applyPlan', 'panelOps.users.revertLastPlan'],
  panelFolder: ['panelOps.panelFolder.'],
  nodes: ['panelOps.nodes.'],
  fleet: ['panelOps.fleet.'],
  alerts: ['panelOps.alerts.'],
  siteTemplates: ['panelOps.siteTemplates.', 'panelOps.openPanelFolder'],
  branding: ['panelOps.branding.'],
  templateHistory: ['panelOps.templateHistory.'],
  monitoring: ['panelOps.dashboard.', 'panelOps.nodes.showMetrics'],
  settings: ['panelOps.settings.'],
  audit: ['panelOps.audit.'],
  documents: [
    'panelOps.nodes.openBlocklist', 'panelOps.nodes.openWebPolicy', 'panelOps.nodes.openReliability', 'panelOps.nodes.viewBlocklist', 'panelOps.nodes.viewWebPolicy',
    'panelOps.nodes.viewReliability', 'panelOps.settings.open', 'panelOps.branding.open',
  ],
  todo: ['panelOps.todo.', 'panelOps.showFleetToDo'],
  find: ['panelOps.goToUser', 'panelOps.goToNode', 'panelOps.users.copyShareLink', 'panelOps.nodes.copyShareLink', 'panelOps.siteTemplates.copyShareLink'],
} as const satisfies Record<string, readonly string[]>;

export type LazyGroupName = keyof typeof COMMAND_OWNERS;

/**
 * The claims as two lookups, built on first use: exact ids, and prefixes (each ends with a dot). An id
 * matches an exact claim only when it is that id, and every prefix claim it matches is shorter than it, so
 * an exact claim always wins; among prefixes the longest wins. Scanning every claim for every contributed
 * id (about 120 ids, 40 claims) cost a millisecond and more at activation.
 */
let lookups: { readonly exact: Map<string, LazyGroupName>; readonly prefixes: Map<string, LazyGroupName> } | undefined;

function claimLookups(): NonNullable<typeof lookups> {
  if (!lookups) {
    const exact = new Map<string, LazyGroupName>();
    const prefixes = new Map<string, LazyGroupName>();
    for (const [group, groupClaims] of Object.entries(COMMAND_OWNERS) as [LazyGroupName, readonly string[]][]) {
      for (const claim of groupClaims) (claim.endsWith('.') ? prefixes : exact).set(claim, group);
    }
    lookups = { exact, prefixes };
  }
  return lookups;
}

/** The lazy group that registers the command, or undefined for one registered at activation. */
export function ownerOf(id: string): LazyGroupName | undefined {
  const { exact, prefixes } = claimLookups();
  const owner = exact.get(id);
  if (owner) return owner;
  // The id's prefixes that end with a dot, longest first (the id itself when it ends with one, as startsWith had it).
  for (let dot = id.lastIndexOf('.'); dot >= 0; dot = id.lastIndexOf('.', dot - 1)) {
    const group = prefixes.get(id.slice(0, dot + 1));
    if (group) return group;
    if (dot === 0) break;
  }
  return undefined;
}

/** The contributed command ids of package.json (`contributes.commands[].command`), read defensively. */
export function contributedCommandIds(packageJson: unknown): string[] {
  const commands = (packageJson as { contributes?: { commands?: unknown } } | undefined)?.contributes?.commands;
  if (!Array.isArray(commands)) return [];
  return commands.map((entry) => (entry as { command?: unknown } | null)?.command).filter((id): id is string => typeof id === 'string');
}

/** Each lazy group's command ids, and those registered at activation, from the contributed ids. */
export function commandsByOwner(ids: readonly string[]): { readonly lazy: Record<LazyGroupName, string[]>; readonly atActivation: string[] } {
  const lazy = Object.fromEntries(Object.keys(COMMAND_OWNERS).map((group) => [group, [] as string[]])) as Record<LazyGroupName, string[]>;
  const atActivation: string[] = [];
  for (const id of ids) {
    const owner = ownerOf(id);
    if (owner) lazy[owner].push(id);
    else atActivation.push(id);
  }
  return { lazy, atActivation };
}
