/**
 * How numbers, sizes and times read in the extension's views. Locale-aware, plain text only.
 */
import type { Account } from '@/lib/protocol';
import { creditCount } from '@/lib/quote-format';

export { endpointTitle } from '@/lib/api/endpoint-info';

const wholeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "1 credit", "1,250 credits". */
export const formatCredits = creditCount;

/**
 * Team mode: the member's standing as the hub tells it, "Team hub · ada · Today: 14 of 200 credits"
 * (the budget is the one the team's admin set); "Team hub · not reachable" when it could not be asked.
 */
export function hubMemberWords(hub: NonNullable<Account['hub']>): string {
  const { member } = hub;
  if (!member) return 'Team hub · not reachable';
  const today =
    member.dailyBudget === null
      ? `Today: ${formatCredits(member.spentToday)}`
      : `Today: ${wholeNumber.format(member.spentToday)} of ${formatCredits(member.dailyBudget)}`;
  return `Team hub · ${member.name} · ${today}`;
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

/** An ISO timestamp as a date, or as it came when it does not read as one. */
export function formatTimestamp(value: string): string {
  const at = Date.parse(value);
  return Number.isNaN(at)
    ? value
    : new Date(at).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}
