/**
 * A profile and what can be done about it: its age and what it cost, "Copy as JSON", its answer
 * (drawn by the view given as children), the freshness and options chosen for the next ask, the
 * action that would ask with its quote shown before anything is spent, an inline confirmation when
 * the daily budget would be passed, and errors with what to do about them.
 */
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { Notice } from '@/components/Notice';
import { AnswerLine, SpendArea } from '@/components/spend/SpendArea';
import { IN_CRM, MATCHED_BY } from '@/hooks/useInCrm';
import type { ActionState, AnswerMeta, QuoteState } from '@/lib/action-state';
import type { CrmMatchBy } from '@/lib/protocol';

export type { ActionState, QuoteState } from '@/lib/action-state';

export interface PageProfileSectionProps {
  /** The section's heading: "Person on this page", "v3 profile". */
  title: string;
  /** 1 for the page's own profile, 2 for a view under it. */
  titleLevel?: 1 | 2;
  /** What names the profile before an answer does (its id on the page). */
  idLabel?: string | null;
  answer: AnswerMeta | null;
  /** The answer, drawn by its view. */
  children?: ComponentChildren;
  /** Freshness and options for the next ask. */
  controls?: ComponentChildren;
  /** The answer shown was asked with other options than those chosen now. */
  answerForOtherOptions?: boolean;
  quote: QuoteState;
  action: ActionState;
  /** "Enrich" (nothing of these options shown yet) or "Refresh". */
  verb: 'Enrich' | 'Refresh';
  /** Days after which an answer is stale (the setting), to say what "stale" means. */
  staleAfterDays: number;
  /** Why nothing was spent without asking, e.g. auto-enrich stopped at the budget. */
  note?: string | null;
  /** What helps with the failure shown, besides trying again (e.g. accepting older data on a 409). */
  remedy?: ComponentChildren;
  onRun: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onOpenOptions: () => void;
  /** Copies the answer as JSON; absent when there is nothing to copy. */
  onCopy?: () => Promise<void>;
  /** Forgets this profile everywhere the extension keeps it; absent when nothing is kept. */
  onForget?: () => Promise<void>;
  /** "Copy for CRM" under the answer's line (a person or a company); absent for other answers. */
  crmCopy?: ComponentChildren;
  /** The person's CRM reference holds this profile, and by what: said above the control that spends. */
  inCrm?: CrmMatchBy | null;
}

export function PageProfileSection(props: PageProfileSectionProps) {
  const { title, titleLevel = 1, idLabel, answer, action } = props;
  const headingId = useId();
  const Title = `h${titleLevel}` as 'h1';
  return (
    <section class="card panel-section" aria-labelledby={headingId} aria-busy={action.status === 'running'}>
      <header class="section-head">
        <Title id={headingId} class="eyebrow">
          {title}
        </Title>
        {!answer && idLabel && <p class="profile-id">{idLabel}</p>}
      </header>
      {answer && (
        <>
          {/* Where the answer came from, how old it is and what it cost, before the (long) answer. */}
          <AnswerLine meta={answer} staleAfterDays={props.staleAfterDays}>
            {props.onCopy && <CopyJson onCopy={props.onCopy} />}
            {props.onForget && <ForgetProfile onForget={props.onForget} />}
          </AnswerLine>
          {props.crmCopy}
          {props.children}
          {props.answerForOtherOptions && (
            <p class="muted small answer-note">Shown: the answer without the options chosen below.</p>
          )}
        </>
      )}
      {props.controls}
      {props.inCrm && (
        <p class="in-crm-note">
          <span class="in-crm">{IN_CRM}</span> <span class="muted small">{MATCHED_BY[props.inCrm]}</span>
        </p>
      )}
      <SpendArea
        verb={props.verb}
        runningText={props.verb === 'Enrich' ? 'Enriching…' : 'Refreshing…'}
        quote={props.quote}
        action={action}
        // Enriching is the point of the panel; refreshing is secondary unless the answer is stale.
        primary={props.verb === 'Enrich' || (answer?.stale ?? false)}
        remedy={props.remedy}
        onRun={props.onRun}
        onConfirm={props.onConfirm}
        onCancel={props.onCancel}
        onRetry={props.onRetry}
        onOpenOptions={props.onOpenOptions}
      />
      {props.note && <p class="muted small">{props.note}</p>}
    </section>
  );
}

/** Forgets the profile shown: its saved answer, and its name in the record of what was spent. */
function ForgetProfile({ onForget }: { onForget: () => Promise<void> }) {
  const [outcome, setOutcome] = useState<'forgetting' | 'failed' | null>(null);
  async function forget() {
    setOutcome('forgetting');
    try {
      await onForget();
      setOutcome(null);
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <span class="copy-json">
      <button type="button" class="small" onClick={forget} disabled={outcome === 'forgetting'}>
        Forget this profile
      </button>
      <span role="status" class="small">
        {outcome === 'forgetting' ? 'Forgetting…' : outcome === 'failed' ? 'Could not forget' : ''}
      </span>
    </span>
  );
}

/**
 * What the panel shows of a profile the person forgot, in its place: nothing is asked about it
 * again unless they ask to see it (and then nothing is spent without their click).
 */
export function ForgottenProfile({ title, onShowAgain }: { title: string; onShowAgain: () => void }) {
  return (
    <section class="card panel-section" aria-labelledby="forgotten-profile-heading">
      <h1 id="forgotten-profile-heading" class="eyebrow">
        {title}
      </h1>
      <Notice tone="info" title="Forgotten">
        <p>
          Nothing about this profile is kept any more: its saved answers, its name in the record of what was
          spent, lists, batches and recent lookups. Nothing was looked up again.
        </p>
      </Notice>
      <div class="row">
        <button type="button" class="small" onClick={onShowAgain}>
          Show this page's profile again
        </button>
      </div>
    </section>
  );
}

/** "Copy as JSON", then whether it worked, said politely to a screen reader. */
export function CopyJson({ onCopy }: { onCopy: () => Promise<void> }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  async function copy() {
    try {
      await onCopy();
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <span class="copy-json">
      <button type="button" class="small" onClick={copy}>
        Copy as JSON
      </button>
      <span role="status" class="small">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Could not copy' : ''}
      </span>
    </span>
  );
}
