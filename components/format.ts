/**
 * How numbers, sizes and times read in the extension's views. Locale-aware, plain text only.
 */
import { endpoints } from '@/lib/api/endpoints';

const wholeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "1 credit", "1,250 credits". */
export function formatCredits(credits: number): string {
  return `${wholeNumber.format(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
}

export const BYTES_PER_MB = 1024 * 1024;

/** "512 bytes", "3.4 KB", "50 MB": binary units, as the cache size cap is counted. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${wholeNumber.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < BYTES_PER_MB) return `${oneDecimal.format(bytes / 1024)} KB`;
  if (bytes < 1024 * BYTES_PER_MB) return `${oneDecimal.format(bytes / BYTES_PER_MB)} MB`;
  return `${oneDecimal.format(bytes / (1024 * BYTES_PER_MB))} GB`;
}

/** The time of day for a moment of today, the date and time for anything earlier. */
export function formatMoment(at: number, now: number = Date.now()): string {
  const when = new Date(at);
  const sameDay = when.toDateString() === new Date(now).toDateString();
  return when.toLocaleString(
    undefined,
    sameDay
      ? { hour: '2-digit', minute: '2-digit' }
      : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' },
  );
}

/** What a person calls an endpoint ("Person profile"); an id the registry no longer has reads as is. */
export function endpointTitle(endpointId: string): string {
  return Object.hasOwn(endpoints, endpointId)
    ? endpoints[endpointId as keyof typeof endpoints].title
    : endpointId;
}
