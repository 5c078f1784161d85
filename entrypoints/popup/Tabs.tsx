/**
 * Tabs a keyboard can use as the ARIA pattern says: Tab reaches the selected tab, the arrow keys
 * (and Home, End) move between tabs and select them, and each panel is labelled by its tab.
 */
import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';

export interface TabItem<Key extends string> {
  key: Key;
  label: string;
}

export interface TabsProps<Key extends string> {
  label: string;
  tabs: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  children: ComponentChildren;
}

export function Tabs<Key extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Key>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  function move(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]!.key);
    list.current?.ownerDocument.getElementById(tabId(tabs[next]!.key))?.focus();
  }

  return (
    <div class="tabs">
      <div class="tab-list" role="tablist" aria-label={label} ref={list}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            id={tabId(tab.key)}
            type="button"
            role="tab"
            class="tab"
            aria-selected={tab.key === selected}
            aria-controls={panelId}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div class="tab-panel" role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  );
}
