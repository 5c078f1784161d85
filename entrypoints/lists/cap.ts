/**
 * A spend cap as a person types it: a whole number of credits, or empty for none. The dry run's
 * "Stop after" and a stopped list's new cap read it alike.
 */
export function readCap(text: string): { cap: number | null; error?: string } {
  if (text.trim() === '') return { cap: null };
  const cap = Number(text);
  return Number.isInteger(cap) && cap >= 0 ? { cap } : { cap: null, error: 'A whole number of credits' };
}
