/**
 * Under a company page's profile: its employee count, its jobs, its employees and its logo, each a
 * section with a heading, its filters, and its quoted action (nothing is spent until the person
 * presses a control that shows its quote).
 */
import '@/components/results/sections.css';
import type { PublicSettings, SpendTotals } from '@/lib/protocol';
import type { SectionsBackend } from './backend';
import { EmployeeCountSection } from './EmployeeCountSection';
import { JobsSection } from './JobsSection';
import { EmployeesSection } from './ListingSections';
import { LogoSection } from './LogoSection';

export interface CompanySectionsProps {
  /** The panel's backend (App.tsx PanelBackend fits). */
  backend: SectionsBackend;
  company: {
    /** The company's profile URL (the page's). */
    url: string;
    /** From its profile, when enriched: the logo search starts from it. */
    name: string | null;
    /** From its profile, when enriched: the job search needs it. */
    searchId: string | null;
    /** Its website's domain, when known: the logo search may use it. */
    domain: string | null;
  };
  settings: PublicSettings;
  /** After anything that may have spent: the panel reads today's spending again. */
  onSpent: (totals: SpendTotals | null) => void;
}

export function CompanySections({ backend, company, settings, onSpent }: CompanySectionsProps) {
  const context = { backend, settings, onSpent };
  return (
    <div class="data-sections">
      <EmployeeCountSection key={company.url} {...context} companyUrl={company.url} />
      <JobsSection key={`${company.url}|${company.searchId}`} {...context} searchId={company.searchId} />
      <EmployeesSection key={company.url} {...context} companyUrl={company.url} />
      <LogoSection
        key={`${company.url}|${company.name}|${company.domain}`}
        {...context}
        name={company.name}
        domain={company.domain}
      />
    </div>
  );
}
