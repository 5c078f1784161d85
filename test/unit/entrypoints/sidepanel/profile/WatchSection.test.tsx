/**
 * Watch under a profile in the panel (entrypoints/sidepanel/profile/WatchSection.tsx): where the
 * profile is watched already, with the way to the Changes page; otherwise the Watch form on request,
 * whose quote is asked only then.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchSection } from '../../../../../entrypoints/sidepanel/profile/WatchSection';
import type { WatchTarget } from '../../../../../lib/protocol';
import {
  buttonNamed,
  fakeAsk,
  type Handlers,
  press,
  settle,
  watchList,
} from '../../../../support/watch-pages';

const ADA: WatchTarget = {
  kind: 'person',
  url: 'https://www.linkedin.com/in/ada-lovelace',
  name: 'Ada Lovelace',
};

let root: HTMLElement | undefined;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = undefined;
});

async function mount(handlers: Handlers) {
  const background = fakeAsk(handlers);
  const openChanges = vi.fn();
  root = document.createElement('div');
  document.body.append(root);
  await act(() =>
    render(
      <WatchSection
        ask={background.ask}
        newRequestId={() => 'start-1'}
        target={ADA}
        onOpenChanges={openChanges}
      />,
      root!,
    ),
  );
  await settle();
  return { root, openChanges, ...background };
}

describe("the panel's Watch", () => {
  it('says where the profile is watched, and opens the Changes page', async () => {
    const { root, openChanges, sentOf } = await mount({ 'watch.of': () => [watchList()] });
    expect(sentOf('watch.of')).toEqual([{ url: ADA.url }]);
    expect(root.textContent).toContain('Watching · every 30 days in Watched people');
    await press(root, 'See changes');
    expect(openChanges).toHaveBeenCalledOnce();
    expect(sentOf('watch.quote')).toEqual([]);
  });

  it('offers the Watch form, quoting only once it is opened', async () => {
    const { root, sentOf } = await mount({
      'watch.of': () => [],
      'watch.lists': () => [],
      'watch.quote': () => ({
        people: 1,
        companies: 0,
        perPeriod: { min: 0, max: 2, lines: [] },
        refused: [],
        remainingToday: null,
      }),
    });
    expect(sentOf('watch.quote')).toEqual([]);
    await press(root, 'Watch this person…');
    // The form's code loads when it is opened.
    for (let i = 0; i < 100 && sentOf('watch.quote').length === 0; i++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    await settle();
    expect(sentOf('watch.quote')).toEqual([{ targets: [ADA], periodDays: 30, freshness: 'if-recent' }]);
    expect(buttonNamed(root, 'Watch 1 person every 30 days · up to 2 credits a period').type).toBe('submit');
  });
});
