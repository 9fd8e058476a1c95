/** Query values with the spec's fallbacks: out-of-range or malformed numbers use the default. */

/** An integer query value in [min, max], or `fallback` when absent, malformed or out of range. */
export function intParam(raw: string | null, min: number, max: number, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return fallback;
  const value = Number(raw);
  return value >= min && value <= max ? value : fallback;
}
