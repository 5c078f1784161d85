/**
 * What the sections need from the side panel's backend (entrypoints/sidepanel/App.tsx PanelBackend):
 * asking the background, request ids, opening the settings, and watching a streamed answer's
 * progress. `watchProgress` is optional so the sections work with a backend that lacks it: a
 * streamed page then shows only that it is waiting, and its rows when complete.
 */
import type { Ask, QuotedAction } from '@/hooks/useQuotedAction';
import type { WatchProgress } from '@/hooks/useRunProgress';
import type { PublicSettings, SpendTotals } from '@/lib/protocol';

export interface SectionsBackend {
  ask: Ask;
  newRequestId: () => string;
  openOptions: () => void;
  watchProgress?: WatchProgress;
}

/** What every section gets from its container. */
export interface SectionContext {
  backend: SectionsBackend;
  settings: PublicSettings;
  /** After anything that may have spent: the panel reads today's spending again. */
  onSpent: (totals: SpendTotals | null) => void;
}

/** A quoted action's events, as the views take them. */
export function spendHandlers(action: QuotedAction<unknown>, backend: SectionsBackend) {
  return {
    onRun: action.run,
    onConfirm: action.confirm,
    onCancel: action.cancel,
    onRetry: action.retry,
    onOpenOptions: backend.openOptions,
  };
}

const PLAN_NAMES: Record<PublicSettings['plan'], string> = {
  growth: 'Growth or larger',
  standard: 'Standard',
};

/** Which subscription a quote was worked out for (some Limits rows depend on it). */
export function planNote(plan: PublicSettings['plan']): string {
  return `Quoted for your plan: ${PLAN_NAMES[plan]} (change it in Settings).`;
}
