/** The Nodes view's id (package.json `contributes.views`). */
export const NODES_VIEW_ID = 'panelOps.nodes';
