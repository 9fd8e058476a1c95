import * as vscode from 'vscode';
import { NODE_GROUPINGS, type NodeGrouping } from '../shared/nodeGroups';
import { setContextKey } from '../../connection/contextKey';

const GROUPING_KEY = 'panelOps.nodes.grouping';

/**
 * How the Nodes view shows many nodes: the grouping (none, by status, by region; remembered in global
 * state) and the name filter (for this window). Mirrored into the context key `panelOps.nodes.filtered`
 * for the "Clear Filter" title action.
 */
export class NodesDisplay implements vscode.Disposable {
  private currentFilter = '';
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    setContextKey('panelOps.nodes.filtered', false);
  }

  get grouping(): NodeGrouping {
    const value = this.state.get(GROUPING_KEY);
    return NODE_GROUPINGS.find((grouping) => grouping === value) ?? 'none';
  }

  async setGrouping(grouping: NodeGrouping): Promise<void> {
    if (grouping === this.grouping) return;
    await this.state.update(GROUPING_KEY, grouping);
    this.changed.fire();
  }

  get filter(): string {
    return this.currentFilter;
  }

  setFilter(filter: string): void {
    const next = filter.trim();
    if (next === this.currentFilter) return;
    this.currentFilter = next;
    setContextKey('panelOps.nodes.filtered', next !== '');
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
