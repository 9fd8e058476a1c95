/**
 * How the SSH terminal launches ssh on a POSIX system: `sh -c` running `ssh "$@"` with the arguments as
 * positional parameters (never parsed by the shell, so a value cannot become shell syntax). When ssh ends
 * with a status other than 0 the terminal stays: ssh's own output above, then `ended` (with `{0}` for the
 * status) until the operator presses Enter; the shell then exits with 0, as the status has been read. A
 * session that ends with 0 (the operator logged out) closes the terminal at once, as before.
 * No `vscode` import: unit-tested by running it.
 */
export function sshUntilRead(args: readonly string[], ended: string): { shellPath: string; shellArgs: string[] } {
  // The sentence becomes printf's format: its own % and \ are kept as written, {0} is the status.
  const format = ended.replace(/\\/g, '\\\\').replace(/%/g, '%%').replace('{0}', '%s');
  const script = 'ssh "$@"; status=$?; [ "$status" -eq 0 ] && exit 0; printf "\\n$0\\n" "$status"; read -r _; exit 0';
  return { shellPath: '/bin/sh', shellArgs: ['-c', script, format, ...args] };
}
