// The setting of the two-panel suites (issue 34, test/vscode/panelHandle.*.test.ts): two simulated panels
// connected, the second one active, the views showing all panels; written once here.
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { connect, signOut, testApi, type TestApi } from './support';

/** What the suite's hooks give its tests once `before` has run. */
export interface TwoPanels {
  api: TestApi;
  first: SimulatedPanel;
  second: SimulatedPanel;
}

/** How one of the two panels is connected; by default with its owner token, named as the suite says. */
export type ConnectPanel = (panel: SimulatedPanel, name: string) => Promise<void>;

const withOwnerToken: ConnectPanel = (panel, name) => connect(panel, panel.tokens.owner, { name });

/**
 * Registers the suite's `before` and `after`: `before` starts two panels, connects the first then the
 * second (`connectFirst`, `connectSecond`), makes the second active and shows all panels in the views;
 * `after` forgets that choice (the next files find the views as a new window would), signs both out and
 * closes them. Resolves nothing: the returned object is filled in by `before`.
 */
export function twoPanelsConnected(names: { readonly first: string; readonly second: string }, connectFirst: ConnectPanel = withOwnerToken, connectSecond: ConnectPanel = withOwnerToken): TwoPanels {
  const two = {} as TwoPanels;
  before(async () => {
    two.api = await testApi();
    [two.first, two.second] = await Promise.all([startPanel(), startPanel()]);
    await connectFirst(two.first, names.first);
    await connectSecond(two.second, names.second);
    await two.api.session.switchTo(two.second.url);
    await vscode.commands.executeCommand('panelOps.views.showAllPanels');
  });
  after(async () => {
    await two.api.allPanels.forgetChoice();
    for (const panel of [two.first, two.second]) {
      await signOut(panel);
      await panel.close();
    }
  });
  return two;
}
