/**
 * The toolbar popup: person and company searches, the lookups, and the recent ones, in tabs; a
 * button that opens the side panel beside the page; today's spending. It holds the state and asks
 * the background for everything (quotes, cached answers, runs); the views in components/ only
 * render. The backend is passed in so tests stand in for the browser.
 *
 * Every tab stays mounted while the popup is open (only the selected one is shown), so switching
 * tabs keeps what was typed and found.
 */
import { useEffect, useState } from 'preact/hooks';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import { PanelFooter } from '@/components/PanelStates';
import { type ParamForm, useParamForm } from '@/hooks/useParamForm';
import { useUnseenChanges } from '@/hooks/useUnseenChanges';
import { backgroundFailure, type Loadable } from '@/lib/ask-background';
import { DEFAULT_FRESHNESS } from '@/lib/freshness';
import type { PublicSettings, RecentEntry, SpendTotals } from '@/lib/protocol';
import { isConfigured } from '@/lib/settings';
import type { PopupBackend } from './backend';
import type { LookupEndpointId } from './lookup/LookupAnswer';
import { LOOKUPS, LookupTab } from './lookup/LookupTab';
import { RecentList } from './recent/RecentList';
import { useRecent } from './recent/useRecent';
import { SearchTab } from './search/SearchTab';
import { SEARCH_LAYOUTS, SEARCH_STARTING_VALUES, type SearchEndpointId } from './search/search-groups';
import { Tabs } from './Tabs';

export type PopupTabKey = 'people' | 'companies' | 'lookups' | 'recent';

const TABS: readonly { key: PopupTabKey; label: string }[] = [
  { key: 'people', label: 'People' },
  { key: 'companies', label: 'Companies' },
  { key: 'lookups', label: 'Lookups' },
  { key: 'recent', label: 'Recent' },
];

const SEARCH_TAB: Record<SearchEndpointId, PopupTabKey> = {
  'person.search': 'people',
  'company.search': 'companies',
};

function isSearch(id: string): id is SearchEndpointId {
  return id in SEARCH_TAB;
}

function isLookup(id: string): id is LookupEndpointId {
  return LOOKUPS.some((lookup) => lookup.id === id);
}

/** One form a search and one a lookup, kept while the popup is open (switching tabs keeps what was typed). */
function usePopupForms() {
  const searchForms: Record<SearchEndpointId, ParamForm> = {
    'person.search': useParamForm('person.search', { initial: SEARCH_STARTING_VALUES }),
    'company.search': useParamForm('company.search', { initial: SEARCH_STARTING_VALUES }),
  };
  const lookupForms: Record<LookupEndpointId, ParamForm> = {
    'person.lookup': useParamForm('person.lookup'),
    'company.lookup': useParamForm('company.lookup'),
    'role.lookup': useParamForm('role.lookup'),
    'email.lookup': useParamForm('email.lookup'),
    'company.logo': useParamForm('company.logo'),
  };
  return { searchForms, lookupForms };
}

export interface PopupAppProps {
  backend: PopupBackend;
  initialTab?: PopupTabKey;
}

export function PopupApp({ backend, initialTab = 'people' }: PopupAppProps) {
  const [tab, setTab] = useState<PopupTabKey>(initialTab);
  const [settings, setSettings] = useState<Loadable<PublicSettings>>({ status: 'loading' });
  const [spending, setSpending] = useState<Pick<SpendTotals, 'today' | 'dailyBudget'> | null>(null);
  const [moreOpen, setMoreOpen] = useState<Record<SearchEndpointId, boolean>>({
    'person.search': false,
    'company.search': false,
  });
  const [lookup, setLookup] = useState<LookupEndpointId>('person.lookup');
  const recent = useRecent(backend.ask);

  const { searchForms, lookupForms } = usePopupForms();

  async function loadSettings() {
    try {
      setSettings({ status: 'ready', value: await backend.ask('settings.get', undefined) });
    } catch (error) {
      setSettings({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  async function loadSpending() {
    try {
      const account = await backend.ask('account.get', undefined);
      setSpending({ today: account.today, dailyBudget: account.dailyBudget });
    } catch {
      setSpending(null); // the footer then says nothing rather than something wrong
    }
  }

  useEffect(() => {
    void loadSettings();
    void loadSpending();
  }, []);

  function onSpent(totals: SpendTotals | null) {
    if (totals) setSpending({ today: totals.today, dailyBudget: totals.dailyBudget });
    else void loadSpending();
  }

  /** Reopens a recent question: its form filled in, its tab shown; the cache answers it at 0 credits. */
  function reopen(entry: RecentEntry) {
    if (isSearch(entry.endpointId)) {
      const id = entry.endpointId;
      searchForms[id].replace(entry.params);
      const inMore = SEARCH_LAYOUTS[id].more.some((group) =>
        (group.names as readonly string[]).some((name) => name in entry.params),
      );
      if (inMore) setMoreOpen((open) => ({ ...open, [id]: true }));
      setTab(SEARCH_TAB[id]);
    } else if (isLookup(entry.endpointId)) {
      lookupForms[entry.endpointId].replace(entry.params);
      setLookup(entry.endpointId);
      setTab('lookups');
    } else {
      return;
    }
    recent.remember({ endpointId: entry.endpointId, params: entry.params });
  }

  const staleAfterDays = settings.status === 'ready' ? settings.value.staleAfterDays : 29;
  const freshness = settings.status === 'ready' ? settings.value.profileFreshness : DEFAULT_FRESHNESS;

  return (
    <main class="popup">
      <header class="popup-head">
        <h1>Profile Enrichment</h1>
        <button type="button" class="small" onClick={backend.openSidePanel}>
          Open side panel
        </button>
      </header>
      <SettingsNotice
        settings={settings}
        onRetry={() => void loadSettings()}
        onOpenOptions={backend.openOptions}
      />
      <Tabs label="Searches and lookups" tabs={TABS} selected={tab} onSelect={setTab}>
        {(['person.search', 'company.search'] as const).map((id) => (
          <div key={id} hidden={tab !== SEARCH_TAB[id]}>
            <SearchTab
              endpointId={id}
              form={searchForms[id]}
              backend={backend}
              staleAfterDays={staleAfterDays}
              freshness={freshness}
              moreOpen={moreOpen[id]}
              onToggleMore={() => setMoreOpen((open) => ({ ...open, [id]: !open[id] }))}
              onSpent={onSpent}
              onSearched={(params) => recent.remember({ endpointId: id, params })}
            />
          </div>
        ))}
        <div hidden={tab !== 'lookups'}>
          <LookupTab
            selected={lookup}
            onSelect={setLookup}
            forms={lookupForms}
            backend={backend}
            staleAfterDays={staleAfterDays}
            onSpent={onSpent}
            onLookedUp={(endpointId, params) => recent.remember({ endpointId, params })}
          />
        </div>
        <div hidden={tab !== 'recent'}>
          <RecentList
            state={recent.state}
            onReopen={reopen}
            onRemove={(entry) => recent.remove(entry.id)}
            onClear={recent.clear}
            onRetry={recent.reload}
          />
        </div>
      </Tabs>
      <PopupFooter backend={backend} spending={spending} />
    </main>
  );
}

/** Today's spending, and the ways to the Changes page (with its unseen count), the lists and the settings. */
function PopupFooter({
  backend,
  spending,
}: {
  backend: PopupBackend;
  spending: Pick<SpendTotals, 'today' | 'dailyBudget'> | null;
}) {
  const unseen = useUnseenChanges(backend.ask);
  return (
    <PanelFooter
      account={spending}
      onOpenOptions={backend.openOptions}
      onOpenLists={backend.openLists}
      onOpenChanges={backend.openChanges}
      unseen={unseen}
    />
  );
}

/** While the settings are read, when they cannot be, and when there is no connection to the service yet. */
function SettingsNotice({
  settings,
  onRetry,
  onOpenOptions,
}: {
  settings: Loadable<PublicSettings>;
  onRetry: () => void;
  onOpenOptions: () => void;
}) {
  return (
    <>
      {settings.status === 'loading' && <Busy>Reading your settings…</Busy>}
      {settings.status === 'failed' && <ErrorNotice message={settings.message} onRetry={onRetry} />}
      {settings.status === 'ready' && !isConfigured(settings.value) && (
        <Notice tone="info" title="Connect to your service first">
          <p>Searches and lookups need your API key and the service's address.</p>
          <div class="row">
            <button type="button" class="small primary" onClick={onOpenOptions}>
              Open settings
            </button>
          </div>
        </Notice>
      )}
    </>
  );
}
