/**
 * Messages to the person: what happened and what to do. Errors are announced at once (alert),
 * everything else politely (status). All text, never HTML.
 */
import type { ComponentChildren } from 'preact';
import type { UserMessage } from '@/lib/api/errors';

export type NoticeTone = 'info' | 'success' | 'error';

export interface NoticeProps {
  tone: NoticeTone;
  title: string;
  children?: ComponentChildren;
}

export function Notice({ tone, title, children }: NoticeProps) {
  return (
    <div class={`notice ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <p class="notice-title">{title}</p>
      {children}
    </div>
  );
}

/**
 * An error as `userMessage` words it: title, what to do, and the service's own detail if any.
 * `onRetry`: reading it again, which spends nothing, offered as "Try again". A retry that spends is
 * named with its price instead (components/spend/SpendArea.tsx).
 */
export function ErrorNotice({
  message,
  onRetry,
  children,
}: {
  message: UserMessage;
  onRetry?: () => void;
  children?: ComponentChildren;
}) {
  return (
    <Notice tone="error" title={message.title}>
      <p>{message.action}.</p>
      {message.detail && <p class="notice-detail">{message.detail}</p>}
      {children}
      {onRetry && (
        <div class="row">
          <button type="button" class="small" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
    </Notice>
  );
}

/** Something under way: a spinner and what is happening. */
export function Busy({ children }: { children: ComponentChildren }) {
  return (
    <p class="status-line" role="status">
      <span class="spinner" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
