/**
 * The profile a page is, in full: its answer drawn by the view of its kind (a person's whole v2
 * profile, a code host person's v3 profile, a company, a school, a job), the choices for the next
 * ask (freshness, options) with the quote following them, the quoted action, and under a person
 * the v3 view on request. What belongs under an enriched company or school (their sections, built
 * elsewhere) is handed back to the panel through `under`, which mounts it.
 */
import type { ComponentChildren, VNode } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { lazyView } from '@/components/lazy-view';
import { Busy, ErrorNotice } from '@/components/Notice';
import { CompanyView } from '@/components/profile/CompanyView';
import { PersonView } from '@/components/profile/PersonView';
import { displayHost } from '@/components/safe-url';
import { useInCrm } from '@/hooks/useInCrm';
import type { Ask, TakeFirstView } from '@/hooks/useQuotedAction';
import type { ResponseOf } from '@/lib/api/endpoints';
import type { CrmKind } from '@/lib/crm/presets';
import { enrichRequestOf, PROFILE_KIND_INFO } from '@/lib/profiles';
import type { CrmMatchBy, PublicSettings, SpendTotals } from '@/lib/protocol';
import { formatAge, spendLabel } from '@/lib/quote-format';
import type { CopyForCrmProps } from './CopyForCrm';
import {
  type EnrichEndpointId,
  type EnrichRequest,
  type PageProfile as PageProfileRef,
  v3RequestFor,
  whyNotEnrichable,
} from './enrichment';
import { JobView } from './JobView';
import { PageProfileSection } from './PageProfileSection';
import type { PersonV3ViewProps } from './PersonV3View';
import { ProfileControls } from './ProfileControls';
import { type Enrichment, useEnrichment } from './useEnrichment';
import { WatchSection } from './WatchSection';

/** What a profile view needs of the panel's backend (App.tsx `PanelBackend` has all of it). */
export interface ProfileBackend {
  ask: Ask;
  newRequestId: () => string;
  openOptions: () => void;
  /** Puts text on the clipboard; the browser's clipboard when absent. */
  copyText?: (text: string) => Promise<void>;
  /** The page profile's first view, answered with `panel.open` (hooks/useQuotedAction.ts). */
  takeFirstView?: TakeFirstView;
  /** Opens the Changes page in a tab; without it, a person or company is not offered Watch. */
  openChanges?: () => void;
}

/** An enriched company or school, as the sections mounted under it need it. */
export type EnrichedOrganisation =
  | {
      kind: 'company';
      company: { url: string; name: string | null; searchId: string | null; domain: string | null };
    }
  | { kind: 'school'; schoolUrl: string; name: string | null };

export interface PageProfileProps {
  backend: ProfileBackend;
  profile: PageProfileRef;
  settings: PublicSettings;
  onSpent: (totals: SpendTotals | null) => void;
  /** What the panel mounts under an enriched company or school. */
  under?: (organisation: EnrichedOrganisation) => ComponentChildren;
  /** The person forgot this profile: the panel shows it forgotten instead (and asks nothing). */
  onForgotten?: () => void;
}

export function PageProfile({ backend, profile, settings, onSpent, under, onForgotten }: PageProfileProps) {
  const refusal = whyNotEnrichable(profile);
  const request = enrichRequestOf(profile);
  const title = `${PROFILE_KIND_INFO[profile.kind].one} on this page`;
  // Whether the person's CRM reference holds this profile: said above the control that enriches it.
  const asked = useMemo(() => [{ profileUrl: profile.url }], [profile.url]);
  const inCrm = useInCrm(backend.ask, asked)?.matches[0] ?? null;
  if (refusal || !request) {
    return (
      <section class="card panel-section" aria-labelledby="page-profile-heading">
        <header class="section-head">
          <h1 id="page-profile-heading" class="eyebrow">
            {title}
          </h1>
          <p class="profile-id">{profile.id}</p>
        </header>
        {refusal && <ErrorNotice message={refusal} />}
      </section>
    );
  }
  const v3 = v3RequestFor(profile);
  return (
    <>
      <ProfileQuery
        backend={backend}
        request={request}
        title={title}
        titleLevel={1}
        idLabel={profile.id}
        settings={settings}
        // Auto-enrich spends without a click: only under a daily budget (the background checks too),
        // and never where the price is not published (v3).
        autoRun={settings.autoEnrich && settings.dailyBudget !== null && request.endpointId !== 'person.v3'}
        onSpent={onSpent}
        under={under}
        onForgotten={onForgotten}
        inCrm={inCrm}
      />
      {(profile.kind === 'person' || profile.kind === 'company') && backend.openChanges && (
        <WatchSection
          ask={backend.ask}
          newRequestId={backend.newRequestId}
          target={{ kind: profile.kind, url: profile.url, ...(profile.label ? { name: profile.label } : {}) }}
          onOpenChanges={backend.openChanges}
        />
      )}
      {v3 && (
        <V3OnRequest
          backend={backend}
          request={v3}
          settings={settings}
          onSpent={onSpent}
          onForgotten={onForgotten}
        />
      )}
    </>
  );
}

/** The v3 view of a person, asked for only when the person opens it (opening it spends nothing). */
function V3OnRequest({
  backend,
  request,
  settings,
  onSpent,
  onForgotten,
}: {
  backend: ProfileBackend;
  request: EnrichRequest;
  settings: PublicSettings;
  onSpent: (totals: SpendTotals | null) => void;
  onForgotten?: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <ProfileQuery
        backend={backend}
        request={request}
        title="v3 profile"
        titleLevel={2}
        settings={settings}
        autoRun={false}
        onSpent={onSpent}
        onForgotten={onForgotten}
      />
    );
  }
  return (
    <section class="card panel-section" aria-labelledby="v3-offer-heading">
      <h2 id="v3-offer-heading" class="eyebrow">
        v3 profile
      </h2>
      <p class="muted small">
        The newer profile: contact details, career insight, developer profile, and follower and headline
        history as charts. Opening it shows its price and any saved copy; nothing is spent until you ask.
      </p>
      <div class="row">
        <button type="button" onClick={() => setOpen(true)}>
          Open the v3 profile
        </button>
      </div>
    </section>
  );
}

interface ProfileQueryProps<Id extends EnrichEndpointId> {
  backend: ProfileBackend;
  request: EnrichRequest<Id>;
  title: string;
  titleLevel: 1 | 2;
  idLabel?: string;
  settings: PublicSettings;
  autoRun: boolean;
  onSpent: (totals: SpendTotals | null) => void;
  under?: (organisation: EnrichedOrganisation) => ComponentChildren;
  onForgotten?: () => void;
  /** The person's CRM reference holds this profile (hooks/useInCrm.ts), and by what. */
  inCrm?: CrmMatchBy | null;
}

function ProfileQuery<Id extends EnrichEndpointId>({
  backend,
  request,
  title,
  titleLevel,
  idLabel,
  settings,
  autoRun,
  onSpent,
  under,
  onForgotten,
  inCrm,
}: ProfileQueryProps<Id>) {
  const enrichment = useEnrichment({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    endpointId: request.endpointId,
    base: request.params,
    defaultFreshness: settings.profileFreshness,
    autoRun,
    onSpent,
    takeFirstView: backend.takeFirstView,
  });
  const shown = enrichment.shown;
  const busy = enrichment.action.status === 'running' || enrichment.action.status === 'confirming';
  const kind = ANSWER_KINDS[request.endpointId];
  async function copyText(text: string) {
    if (backend.copyText) await backend.copyText(text);
    else await navigator.clipboard.writeText(text);
  }
  async function copy() {
    await copyText(JSON.stringify(shown?.answer.data, null, 2));
  }
  const url = request.params.url;
  const organisation = shown && url && kind.organisation ? kind.organisation(url, shown.answer.data) : null;
  /** The profile's address, as the request names it: what "Forget this profile" forgets. */
  const subject = Object.values(request.params).find((value): value is string => typeof value === 'string');
  async function forget() {
    if (!subject) return;
    await backend.ask('forget', { subject });
    // Nothing about it is kept now. The views are not opened afresh: one that asks on opening (a
    // pending lookup joined, auto-enrich) would ask the service again about whom was just forgotten.
    onForgotten?.();
  }
  return (
    <>
      <PageProfileSection
        title={title}
        titleLevel={titleLevel}
        idLabel={idLabel}
        answer={shown?.answer ?? null}
        answerForOtherOptions={enrichment.shownForOtherOptions}
        controls={
          <ProfileControls
            endpointId={request.endpointId}
            freshness={enrichment.freshness}
            onFreshness={enrichment.setFreshness}
            chosen={enrichment.included}
            onToggle={enrichment.toggle}
            disabled={busy}
          />
        }
        quote={enrichment.quote}
        action={enrichment.action}
        verb={enrichment.verb}
        staleAfterDays={settings.staleAfterDays}
        note={enrichment.note}
        remedy={<AcceptOlder enrichment={enrichment} />}
        onRun={enrichment.run}
        onConfirm={enrichment.confirm}
        onCancel={enrichment.cancel}
        onRetry={enrichment.retry}
        onOpenOptions={backend.openOptions}
        onCopy={shown ? copy : undefined}
        onForget={shown && subject ? forget : undefined}
        crmCopy={
          shown &&
          kind.crm && (
            <LazyCopyForCrm
              kind={kind.crm}
              answer={shown.answer}
              requested={shown.requested}
              url={url ?? request.params.profile_url}
              copy={copyText}
            />
          )
        }
        inCrm={inCrm}
      >
        {shown && kind.draw(shown.answer.data, shown.requested, titleLevel === 1 ? 2 : 3)}
      </PageProfileSection>
      {organisation && under?.(organisation)}
    </>
  );
}

/** v3 409: the service holds only an older copy; accepting it asks again with a larger maximum age. */
function AcceptOlder({ enrichment }: { enrichment: Enrichment<unknown> }) {
  const { action } = enrichment;
  if (action.status !== 'failed' || action.error?.kind !== 'stale') return null;
  const age = action.error.cachedProfileAgeSeconds;
  if (age === undefined) return null;
  const quote = enrichment.quote.status === 'ready' ? enrichment.quote.quote : { min: null, max: null };
  return (
    <button type="button" class="small primary" onClick={() => enrichment.acceptOlder(age)}>
      {spendLabel(`Accept a copy ${formatAge(age)} old`, quote)}
    </button>
  );
}

/**
 * The v3 view (with its charts) is loaded only when a v3 answer is to be drawn: most pages never
 * show one, and the panel's own script stays smaller for it.
 */
const LazyPersonV3View = lazyView<PersonV3ViewProps>(
  'The v3 view',
  () => import('./PersonV3View').then((module) => module.PersonV3View),
  <Busy>Drawing the profile…</Busy>,
);

/** "Copy for CRM" (the presets and the vCard writer) loads with the first answer it can copy. */
const LazyCopyForCrm = lazyView<CopyForCrmProps>('Copy for CRM', () =>
  import('./CopyForCrm').then((module) => module.CopyForCrm),
);

/** How the answer of each endpoint that enriches a page's profile is drawn, and what hangs under it. */
interface AnswerKind<Id extends EnrichEndpointId> {
  draw: (data: ResponseOf<Id>, requested: readonly string[], level: 2 | 3) => VNode;
  /** The enriched company or school that sections are mounted under (`url`: the profile asked). */
  organisation?: (url: string, data: ResponseOf<Id>) => EnrichedOrganisation;
  /** Whom "Copy for CRM" copies the answer as; absent: not offered. */
  crm?: CrmKind;
}

const ANSWER_KINDS: { [Id in EnrichEndpointId]: AnswerKind<Id> } = {
  'person.profile': {
    crm: 'person',
    draw: (person, requested, level) => (
      <PersonView person={person} requested={requested} level={level} headFirst />
    ),
  },
  'person.v3': {
    draw: (person, requested, level) => (
      <LazyPersonV3View person={person} requested={requested} level={level} />
    ),
  },
  'company.profile': {
    crm: 'company',
    draw: (company, requested, level) => (
      <CompanyView company={company} kind="company" requested={requested} level={level} />
    ),
    organisation: (url, company) => ({
      kind: 'company',
      company: {
        url,
        name: company.name ?? null,
        searchId: company.search_id ?? null,
        domain: displayHost(company.website) ?? null,
      },
    }),
  },
  'school.profile': {
    draw: (school, requested, level) => (
      <CompanyView company={school} kind="school" requested={requested} level={level} />
    ),
    organisation: (schoolUrl, school) => ({ kind: 'school', schoolUrl, name: school.name ?? null }),
  },
  'job.profile': { draw: (job, _requested, level) => <JobView job={job} level={level} /> },
};
