/* eslint-disable @typescript-eslint/no-require-imports -- the `require`s below are the lazy loads */
/**
 * The connect flow's code (connection/connectFlow.ts and gatewayPrompts.ts, with the check of a panel and
 * its certificate and gateway questions) is a bundle of its own (esbuild.mjs: dist/features/connect.js),
 * loaded the first time Connect, Reconnect or Set Access Gateway runs, not at activation.
 */
export function connectFlow(): typeof import('../../connection/connectFlow') {
  return require('../../connection/connectFlow') as typeof import('../../connection/connectFlow');
}

export function gatewayPrompts(): typeof import('../../connection/gatewayPrompts') {
  return require('../../connection/gatewayPrompts') as typeof import('../../connection/gatewayPrompts');
}
