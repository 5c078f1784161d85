/**
 * The Watch form for the one profile the panel shows (loaded when the person opens it).
 */
import { WatchForm } from '@/components/watch/WatchForm';
import { useWatchForm } from '@/hooks/useWatchForm';
import type { Ask } from '@/lib/ask-background';
import type { WatchTarget } from '@/lib/protocol';

/** What the panel's Watch (./WatchSection.tsx) and its form are given. */
export interface WatchSectionProps {
  ask: Ask;
  newRequestId: () => string;
  target: WatchTarget;
  onOpenChanges: () => void;
}

export function WatchOneForm({ ask, newRequestId, target, onOpenChanges }: WatchSectionProps) {
  const form = useWatchForm({
    ask,
    newRequestId,
    targets: [target],
    defaultName: target.kind === 'person' ? 'Watched people' : 'Watched companies',
  });
  return <WatchForm form={form} onOpenChanges={onOpenChanges} />;
}
