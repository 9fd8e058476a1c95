/**
 * Where a pulled folder keeps what was read (folderFormat.ts describes the folder). A module of its own, so
 * what looks for pulled folders at activation (commands/panelFolder/pulledFoldersContext.ts) evaluates none
 * of the folder engine. No `vscode` import.
 */
export const STATE_FILE = '.panelops/state.json';
