/**
 * Under a school page's profile: its students, a listing the service marks as deprecated.
 */
import '@/components/results/sections.css';
import type { PublicSettings, SpendTotals } from '@/lib/protocol';
import type { SectionsBackend } from './backend';
import { StudentsListing } from './ListingSections';

export interface StudentSectionProps {
  /** The panel's backend (App.tsx PanelBackend fits). */
  backend: SectionsBackend;
  /** The school's profile URL (the page's). */
  schoolUrl: string;
  settings: PublicSettings;
  onSpent: (totals: SpendTotals | null) => void;
}

export function StudentSection({ backend, schoolUrl, settings, onSpent }: StudentSectionProps) {
  return (
    <div class="data-sections">
      <StudentsListing
        key={schoolUrl}
        backend={backend}
        settings={settings}
        onSpent={onSpent}
        schoolUrl={schoolUrl}
      />
    </div>
  );
}
