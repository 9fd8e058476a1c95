import { isTokenRejected } from '../api/errors';

/**
 * An error after which reading a panel again is pointless until something changes: the panel was signed
 * out (the session's NotConnectedError), or its token was rejected (TokenRejectedError, or a 401). Told by
 * name, since the session's module imports `vscode` and the stores load without it.
 */
export function isFinal(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  return name === 'NotConnectedError' || name === 'TokenRejectedError' || isTokenRejected(error);
}
