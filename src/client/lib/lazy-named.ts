import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type PreloadableComponent<Props> = ComponentType<Props> & { preload(): Promise<void> };

/**
 * `React.lazy` for a module's named export: the component's code becomes its own chunk, loaded on first render.
 * `preload()` fetches it ahead; once it is here, the first render draws the component at once instead of
 * suspending, which a pre-rendered page needs to hydrate in one go (docs/decisions.md, "Pre-rendered public pages").
 */
export function lazyNamed<Props, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): PreloadableComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  const preload = async () => {
    loaded = (await load())[name];
  };
  const Component = lazy(() => {
    const ready = loaded;
    // A thenable that answers at once: React reads an already resolved lazy component without suspending.
    if (ready)
      return {
        then: (resolve: (value: { default: ComponentType<Props> }) => void) => resolve({ default: ready }),
      } as Promise<{ default: ComponentType<Props> }>;
    return preload().then(() => ({ default: loaded! }));
  });
  return Object.assign(Component, { preload }) as unknown as PreloadableComponent<Props>;
}

/**
 * True from the first time `open` is true. A dialog whose code is loaded lazily (the landing page ships
 * without its dialogs) mounts then and stays mounted, so it keeps what was typed and can animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
