/**
 * A spend cap as a person types it: a whole number of credits, or empty for none. A list's "Stop
 * after", a stopped list's new cap and a watch list's cap a period read it alike
 * (components/CapField.tsx draws the field).
 */
export function readCap(text: string): { cap: number | null; error?: string } {
  if (text.trim() === '') return { cap: null };
  const cap = Number(text);
  return Number.isInteger(cap) && cap >= 0 ? { cap } : { cap: null, error: 'A whole number of credits' };
}
