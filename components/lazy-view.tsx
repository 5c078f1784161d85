/**
 * A view whose code loads only when it is first shown (a dynamic import, its own chunk): what most
 * pages never show (a v3 answer, a company's sections, the batch of a page with links, the context
 * menu's email lookup) stays out of the script a page runs before its first render. Once loaded,
 * every later mount draws at once. While loading it shows `loading`; if the chunk cannot be loaded
 * (the extension was updated under an open page) it says so instead of failing silently.
 */
import type { ComponentChildren, ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/Notice';

export function lazyView<Props extends object>(
  what: string,
  load: () => Promise<ComponentType<Props>>,
  loading: ComponentChildren = null,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | null = null;
  let pending: Promise<ComponentType<Props>> | null = null;
  return function LazyView(props: Props) {
    const [View, setView] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (View) return;
      let live = true;
      pending ??= load().then((view) => {
        loaded = view;
        return view;
      });
      pending.then(
        (view) => live && setView(() => view),
        () => {
          pending = null; // a later mount tries again
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (View) return <View {...props} />;
    if (failed)
      return (
        <ErrorNotice
          message={{ title: `${what} could not be loaded`, action: 'Reload the page, then try again' }}
        />
      );
    return <>{loading}</>;
  };
}
