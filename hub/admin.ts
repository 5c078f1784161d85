/**
 * `npm run -s hub:admin -- <command>` (in an installed hub, `npm run -s admin -- <command>`): the
 * team's administration, on the hub's database (the same environment as the server:
 * HUB_DATABASE_URL or HUB_DATA_DIR; with the embedded PGlite, stop the server first: one process at
 * a time owns its folder).
 *
 *   add-member <name> --daily <credits> [--monthly <credits>] [--expires <90d|36h>]
 *                                                                 prints the token on its last line
 *   rotate-member <name> [--grace <24h|7d|0h>] [--expires <90d|36h|never>]
 *                        a new token on the last line; the old one works for the grace (24h)
 *   list-members
 *   set-budget <name> [--daily <credits>] [--monthly <credits>|none]
 *   remove-member <name>                                          the token stops working at once
 *   do-not-enrich add|remove <subject>   |   do-not-enrich list
 *   forget <subject>
 *   crm-import <file>        replaces the team's CRM reference with a CRM export (CSV); crm-reference
 *   audit [--member <name>] [--subject <text>] [--limit <n>]
 *   spend                                                          what each member spent, by day
 *   watch-budget [<credits>]     the team watch's budget a month (sets it when given), and its state
 *   watch-lists                                         the team's watch lists and where they stand
 */

import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { summaryWords } from '../lib/crm/summary';
import { readAudit, spendByDay } from './audit';
import { leftOf, usageOf } from './budget';
import { DEFAULT_UNBOUNDED_RESERVE, openConfiguredDb, planOf } from './config';
import { type CrmReferenceAnswer, crmReferenceSummary, importCrmReference } from './crm';
import type { Db } from './db';
import { addMember, DEFAULT_GRACE_HOURS, listMembers, removeMember, rotateToken, setBudget } from './members';
import { migrate } from './migrations';
import { WHOLE_NUMBER_RULE, wholeNumberOf } from './numbers';
import { addListed, forget, listListed, removeListed } from './privacy';
import { listStates, setWatchBudget, type WatchBudgetState, watchBudgetState } from './team-watch';

export class UsageError extends Error {}

interface Parsed {
  positional: string[];
  options: Map<string, string>;
}

function parseArgs(args: readonly string[]): Parsed {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const value = args[index + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    options.set(arg.slice(2), value);
    index++;
  }
  return { positional, options };
}

/** A number flag (`--daily`, `--limit`…), read strictly (numbers.ts); undefined when not given. */
function numberFlag(options: Map<string, string>, name: string): number | undefined {
  const text = options.get(name);
  if (text === undefined) return undefined;
  const value = wholeNumberOf(text);
  if (value === null) throw new UsageError(`--${name} must be ${WHOLE_NUMBER_RULE} (not "${text}")`);
  return value;
}

/** A duration option (`90d`, `36h`) in hours; undefined when absent, null for `never` where allowed. */
function hoursOf(
  options: Map<string, string>,
  name: string,
  { never = false }: { never?: boolean } = {},
): number | null | undefined {
  const text = options.get(name);
  if (text === undefined) return undefined;
  if (never && text === 'never') return null;
  const match = /^(\d+)([dh])$/.exec(text);
  if (!match)
    throw new UsageError(
      `--${name} must be a whole number of days or hours, as 90d or 36h${never ? ', or never' : ''} (not "${text}")`,
    );
  return Number(match[1]) * (match[2] === 'd' ? 24 : 1);
}

/** How a token's expiry reads in the admin's lines. */
const expiryText = (expiresAt: string | null) =>
  expiresAt === null ? 'it never expires' : `it expires at ${expiresAt}`;

function one(positional: readonly string[], what: string): string {
  const [value, ...rest] = positional;
  if (value === undefined || rest.length > 0) throw new UsageError(`give exactly one ${what}`);
  return value;
}

/** Runs one command; returns the lines to print. */
export async function runAdmin(db: Db, args: readonly string[]): Promise<string[]> {
  const [command, ...rest] = args;
  const { positional, options } = parseArgs(rest);
  switch (command) {
    case 'add-member': {
      const daily = numberFlag(options, 'daily');
      if (daily === undefined) throw new UsageError('add-member needs --daily <credits>');
      const { member, token, expiresAt } = await addMember(
        db,
        one(positional, 'name'),
        { daily, monthly: numberFlag(options, 'monthly') ?? null },
        { expiresInHours: hoursOf(options, 'expires') ?? null },
      );
      return [
        `Added ${member.name}: ${daily} credits a day. Their token (shown only now; ${expiryText(expiresAt)}):`,
        token,
      ];
    }
    case 'rotate-member': {
      const rotated = await rotateToken(db, one(positional, 'name'), {
        graceHours: hoursOf(options, 'grace') ?? DEFAULT_GRACE_HOURS,
        expiresInHours: hoursOf(options, 'expires', { never: true }),
      });
      const old =
        rotated.previousUntil === null
          ? 'The old token stopped working now.'
          : `The old token works until ${rotated.previousUntil}.`;
      return [
        `Rotated ${rotated.member.name}'s token. ${old} The new token (shown only now; ${expiryText(rotated.expiresAt)}):`,
        rotated.token,
      ];
    }
    case 'list-members': {
      const members = await listMembers(db);
      if (members.length === 0) return ['No members yet.'];
      const lines: string[] = [];
      for (const member of members) {
        const usage = await usageOf(db, member.id);
        const left = leftOf(member, usage);
        const monthly =
          member.monthlyBudget === null ? '' : `, ${member.monthlyBudget} a month (${left.monthly} left)`;
        const expiry = member.tokenExpiresAt === null ? '' : `, token expires ${member.tokenExpiresAt}`;
        const previous =
          member.previousTokenUntil === null ? '' : `, old token works until ${member.previousTokenUntil}`;
        lines.push(
          `${member.name}: ${member.dailyBudget} a day, ${usage.spentToday} spent today${monthly}${expiry}${previous}`,
        );
      }
      return lines;
    }
    case 'set-budget': {
      const monthlyText = options.get('monthly');
      const member = await setBudget(db, one(positional, 'name'), {
        daily: numberFlag(options, 'daily'),
        monthly: monthlyText === 'none' ? null : numberFlag(options, 'monthly'),
      });
      const monthly = member.monthlyBudget === null ? 'no monthly budget' : `${member.monthlyBudget} a month`;
      return [`${member.name}: ${member.dailyBudget} a day, ${monthly}`];
    }
    case 'remove-member': {
      const name = one(positional, 'name');
      await removeMember(db, name);
      return [`Removed ${name}: their token no longer works.`];
    }
    case 'do-not-enrich':
      return doNotEnrich(db, positional);
    case 'forget': {
      const result = await forget(db, one(positional, 'subject'));
      return [
        `Forgot ${result.entry.text}: ${result.answersRemoved} answers removed, ${result.pagesTrimmed} pages trimmed, ` +
          `${result.auditLinesCleared} audit lines cleared, ${result.crmRowsRemoved} CRM reference rows removed, ` +
          `${result.watchedRemoved} people taken out of the team's watch lists ` +
          `(number ${result.seq} for the browsers).`,
      ];
    }
    case 'crm-import': {
      const path = one(positional, 'file');
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await readFile(path));
      } catch (error) {
        throw new UsageError(
          `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return [
        `Imported the team's CRM reference: ${referenceLine(await importCrmReference(db, { name: basename(path), bytes }))}`,
      ];
    }
    case 'crm-reference': {
      const reference = await crmReferenceSummary(db);
      return [reference === null ? 'The team has no CRM reference.' : referenceLine(reference)];
    }
    case 'audit': {
      const rows = await readAudit(db, {
        member: options.get('member'),
        subject: options.get('subject'),
        limit: numberFlag(options, 'limit'),
      });
      if (rows.length === 0) return ['Nothing in the audit matches.'];
      return rows.map(
        (row) =>
          `${row.at}  ${row.member}  ${row.endpoint}  ${row.subject ?? '(not named)'}  ${row.status}  ` +
          `${row.charged ?? '?'} credits  cache ${row.cache}`,
      );
    }
    case 'spend': {
      const rows = await spendByDay(db);
      return rows.length === 0
        ? ['Nothing spent yet.']
        : rows.map((row) => `${row.day}  ${row.member}  ${row.spent} spent  ${row.reserved} in flight`);
    }
    case 'watch-budget': {
      const [credits, ...more] = positional;
      if (more.length > 0) throw new UsageError('watch-budget takes at most one number: the credits a month');
      if (credits !== undefined) {
        const value = wholeNumberOf(credits);
        if (value === null)
          throw new UsageError(`the watch budget must be ${WHOLE_NUMBER_RULE} (not "${credits}")`);
        await setWatchBudget(db, value);
      }
      return [budgetLine(await watchBudgetState(db, pricing(), new Date()))];
    }
    case 'watch-lists': {
      const lists = await listStates(db, new Date());
      if (lists.length === 0) return ['The team has no watch lists.'];
      return lists.map(
        (list) =>
          `${list.id}  ${list.name}  every ${list.period_days} days  by ${list.created_by ?? 'the admin'}  ` +
          `${list.people} people, ${list.checked} asked, ${list.due} due` +
          (list.next_due_at === null ? '' : `, next due ${list.next_due_at}`),
      );
    }
    default:
      throw new UsageError(command === undefined ? 'give a command' : `unknown command "${command}"`);
  }
}

/** What a person's check may cost depends on the plan (HUB_PLAN), as at the server. */
const pricing = () => ({ plan: planOf(), unboundedReserve: DEFAULT_UNBOUNDED_RESERVE });

/** The watch budget in a line: the month's spend, and whether people wait for it. */
function budgetLine(budget: WatchBudgetState): string {
  const waiting = budget.waiting_for_budget
    ? budget.monthly_budget === 0
      ? `; ${budget.due} people wait: set a budget to start`
      : `; ${budget.due} people wait for the budget (new on ${budget.resumes_on})`
    : '';
  return `Team watch budget: ${budget.monthly_budget} credits a month, ${budget.spent_this_month} spent this month, ${budget.left} left${waiting}.`;
}

/** The reference in a line: its file, when it was imported, and what was read of it. */
function referenceLine(reference: CrmReferenceAnswer): string {
  return `${reference.name} (${reference.shape}, imported ${reference.imported_at}): ${summaryWords(reference)}`;
}

async function doNotEnrich(db: Db, positional: readonly string[]): Promise<string[]> {
  const [action, ...subjects] = positional;
  if (action === 'list') {
    const entries = await listListed(db);
    return entries.length === 0 ? ['The do-not-enrich list is empty.'] : entries.map((entry) => entry.text);
  }
  if (action === 'add') {
    const entry = await addListed(db, one(subjects, 'subject'));
    return [`Listed ${entry.text}: requests naming it are refused (451).`];
  }
  if (action === 'remove') {
    const subject = one(subjects, 'subject');
    return [(await removeListed(db, subject)) ? `Unlisted ${subject}.` : `${subject} was not on the list.`];
  }
  throw new UsageError('do-not-enrich takes add <subject>, remove <subject> or list');
}

const USAGE = `usage: npm run -s hub:admin -- <command>
  add-member <name> --daily <credits> [--monthly <credits>] [--expires 90d|36h]
  rotate-member <name> [--grace 24h|7d|0h] [--expires 90d|36h|never]
  list-members | set-budget <name> [--daily N] [--monthly N|none] | remove-member <name>
  do-not-enrich add|remove <subject> | do-not-enrich list
  forget <subject> | audit [--member <name>] [--subject <text>] [--limit N] | spend
  crm-import <file.csv> | crm-reference
  watch-budget [<credits a month>] | watch-lists`;

async function main(): Promise<void> {
  const db = await openConfiguredDb();
  try {
    await migrate(db);
    for (const line of await runAdmin(db, process.argv.slice(2))) console.log(line);
  } finally {
    await db.close();
  }
}

// Run as a command: from source (`npm run hub:admin`, tsx) or built (`npm run admin` in an installed hub).
if (/[\\/]admin\.[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(`hub:admin: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError) console.error(USAGE);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
}
