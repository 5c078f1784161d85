/**
 * The state of "Watch" (the panel's profile, a list's results, the popup's chosen search results):
 * which watch list (a new one, or one kept), its period, freshness and cap, the one quote of a period
 * (`watch.quote`, free, asked again as the choices change), and starting it: a new list is created
 * and runs at once (`watch.create`, its startId chosen once per click so a start asked again finds
 * its list), an existing one is added to (`watch.add`); past today's budget the person confirms.
 * In team mode (the quote says `team`), a new list can be the team's: made at the team's hub, which
 * runs it with no browser open, paid from the team's watch budget (no cap, no confirmation here).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { type Ask, backgroundFailure, type Loadable } from '@/lib/ask-background';
import { readCap } from '@/lib/credit-cap';
import type {
  WatchFreshness,
  WatchListSummary,
  WatchPeriodDays,
  WatchQuote,
  WatchQuoteRequest,
  WatchStartResult,
  WatchTarget,
} from '@/lib/protocol';
import { NEW_LIST, type WatchForm, type WatchStart } from '@/lib/watch/watch-form';
import { useRetentionDays } from './useRetentionDays';

export interface WatchFormOptions {
  ask: Ask;
  newRequestId: () => string;
  targets: readonly WatchTarget[];
  /** The new list's name until the person types one ("Watched people"). */
  defaultName: string;
  /** Tells the page a watch started (it may say how many are unseen, or close the form). */
  onStarted?: (list: WatchListSummary) => void;
}

function failure(result: Extract<WatchStartResult, { status: 'error' }>): UserMessage {
  return userMessage(ApiError.fromJSON(result.error));
}

function useKeptLists(ask: Ask): Loadable<WatchListSummary[]> {
  const [lists, setLists] = useState<Loadable<WatchListSummary[]>>({ status: 'loading' });
  useEffect(() => {
    ask('watch.lists', undefined).then(
      (value) => setLists({ status: 'ready', value }),
      (error) => setLists({ status: 'failed', message: backgroundFailure(error) }),
    );
  }, [ask]);
  return lists;
}

/** The quote of the choices as they stand; an answer to older choices is dropped. */
function useWatchQuote(ask: Ask, request: WatchQuoteRequest): Loadable<WatchQuote> {
  const [quote, setQuote] = useState<Loadable<WatchQuote>>({ status: 'loading' });
  const asked = useRef(0);
  useEffect(() => {
    const mine = ++asked.current;
    setQuote({ status: 'loading' });
    // Nothing to watch yet (no row chosen): nothing to quote.
    if (request.targets.length === 0) return;
    ask('watch.quote', request).then(
      (value) => mine === asked.current && setQuote({ status: 'ready', value }),
      (error) => mine === asked.current && setQuote({ status: 'failed', message: backgroundFailure(error) }),
    );
  }, [JSON.stringify(request)]);
  return quote;
}

export function useWatchForm({
  ask,
  newRequestId,
  targets,
  defaultName,
  onStarted,
}: WatchFormOptions): WatchForm {
  const lists = useKeptLists(ask);
  const retentionDays = useRetentionDays(ask);
  const [listId, setListId] = useState(NEW_LIST);
  const [name, setName] = useState(defaultName);
  const [periodDays, setPeriodDays] = useState<WatchPeriodDays>(30);
  const [freshness, setFreshness] = useState<WatchFreshness>('if-recent');
  const [capText, setCapText] = useState('');
  const [teamChosen, setTeam] = useState(false);
  const [start, setStart] = useState<WatchStart>({ status: 'idle' });
  /** One click's start id: asked again (confirmed, or after the worker stopped) it is the same. */
  const startId = useRef<string | null>(null);

  const chosen = (lists.status === 'ready' && lists.value.find((list) => list.id === listId)) || null;
  const request: WatchQuoteRequest = {
    targets: [...targets],
    periodDays: chosen?.periodDays ?? periodDays,
    // The team's hub asks at 29 days or less (hub/team-watch-people.ts): the team's list is quoted so.
    freshness: chosen?.freshness ?? (teamChosen ? 'if-recent' : freshness),
    ...(chosen ? { listId: chosen.id } : {}),
  };
  const quote = useWatchQuote(ask, request);
  const { cap, error: capError } = readCap(capText);
  // Only a new list can be the team's, and only where the team's hub can run it.
  const team = teamChosen && !chosen && quote.status === 'ready' && quote.value.team === true;
  const problem = chosen
    ? null
    : name.trim() === ''
      ? 'Name the watch list'
      : team
        ? null
        : (capError ?? null);

  async function send(confirmed: boolean) {
    setStart({ status: 'running' });
    try {
      let result: WatchStartResult;
      if (chosen && !confirmed) result = await ask('watch.add', { listId: chosen.id, targets: [...targets] });
      else if (chosen)
        result = await ask('watch.control', { id: chosen.id, control: { action: 'run', confirmed } });
      else {
        startId.current ??= newRequestId();
        result = await ask('watch.create', {
          startId: startId.current,
          name: name.trim(),
          targets: [...targets],
          periodDays,
          freshness: team ? 'if-recent' : freshness,
          cap: team ? null : cap,
          ...(confirmed ? { confirmed } : {}),
          ...(team ? { team } : {}),
        });
      }
      if (result.status === 'team-started') {
        startId.current = null;
        setStart({ status: 'team-started', made: result.made });
      } else if (result.status === 'started') {
        startId.current = null;
        setStart({ status: 'started', list: result.list });
        onStarted?.(result.list);
      } else if (result.status === 'needs-confirmation') {
        setStart({ status: 'confirming', quote: result.quote, remaining: result.remaining });
      } else {
        setStart({ status: 'failed', message: failure(result) });
      }
    } catch (error) {
      setStart({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  return {
    targets,
    lists,
    listId,
    setListId,
    chosen,
    name,
    setName,
    periodDays,
    setPeriodDays,
    retentionDays,
    freshness,
    setFreshness,
    team,
    setTeam,
    capText,
    setCapText,
    cap,
    problem,
    quote,
    start,
    submit: () => {
      if (problem || start.status === 'running') return;
      startId.current = null;
      void send(false);
    },
    confirm: () => void send(true),
    cancel: () => {
      startId.current = null;
      setStart({ status: 'idle' });
    },
  };
}
