/**
 * The chat tools contributed in package.json (`contributes.languageModelTools`), in that order; a unit
 * test compares the two. No `vscode` import (unit-tested). Their code is in the lazily loaded find group (commands/find/chatTools.ts).
 */
export const CHAT_TOOL_NAMES = [
  'get_panel_nodes',
  'search_panel_users',
  'get_panel_alerts',
  'get_node_jobs',
  'get_node_log_tail',
  'set_panel_users_enabled',
  'apply_panel_node',
  'resolve_panel_alerts',
] as const;
