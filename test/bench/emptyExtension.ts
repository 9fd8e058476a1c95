/**
 * The empty extension of the activation benchmark: it registers nothing. Loaded and activated exactly as
 * dist/extension.js is (activation.bench.ts), it is what the platform costs by itself.
 */
export function activate(): void {
  // Nothing: the baseline.
}

export function deactivate(): void {
  // Nothing to release.
}
