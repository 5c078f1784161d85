/**
 * The page's calls to the admin's JSON routes (hub/admin-routes.ts), with the admin token as a bearer
 * token. Every answer is a value, never a throw: the hub's refusals and failures (a wrong token, a
 * 503 when its database is down, the hub not answering at all) are shown, not a broken page.
 */
import type { AddedMember, AdminMember, AlertsAnswer, ForgetSummary, RotatedMember } from '../admin-routes';
import type { AlertRow } from '../alerts';
import type { AuditRow, SpendRow } from '../audit';
import type { CrmReferenceAnswer } from '../crm';
import type { DoNotEnrichEntry } from '../privacy';
import type { TeamWatchListState, WatchBudgetState } from '../team-watch';

/** The team watch as the admin's route answers it (GET watch). */
export interface TeamWatchAnswer {
  lists: TeamWatchListState[];
  budget: WatchBudgetState;
}

export type {
  AddedMember,
  AdminMember,
  AlertRow,
  AlertsAnswer,
  AuditRow,
  CrmReferenceAnswer,
  DoNotEnrichEntry,
  ForgetSummary,
  RotatedMember,
  SpendRow,
  TeamWatchListState,
  WatchBudgetState,
};

export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; unauthorized: boolean };

const TOKEN_KEY = 'hub-admin-token';

export const savedToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const saveToken = (token: string): void => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetToken = (): void => sessionStorage.removeItem(TOKEN_KEY);

/** What the hub said when it refused: its `description`, with the status. */
async function refusal(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const description =
    typeof body === 'object' && body !== null && 'description' in body && typeof body.description === 'string'
      ? body.description
      : response.statusText || 'no explanation';
  return `${description} (HTTP ${response.status})`;
}

export async function call<T>(
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  // A file (the CRM export) goes as its own bytes, for the hub to read; anything else as JSON.
  const file = body instanceof Blob;
  if (body !== undefined) headers['Content-Type'] = file ? body.type || 'text/csv' : 'application/json';
  let response: Response;
  try {
    response = await fetch(`/hub/v1/admin/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : file ? body : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, status: 0, message: `The hub did not answer (${reason})`, unauthorized: false };
  }
  if (!response.ok)
    return {
      ok: false,
      status: response.status,
      message: await refusal(response),
      unauthorized: response.status === 401,
    };
  return { ok: true, data: (await response.json()) as T };
}
