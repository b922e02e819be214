import { lazy, useState, type ComponentType } from 'react';

/** `React.lazy` for a module's named export: the component's code becomes its own chunk, loaded on first render. */
export function lazyNamed<Props, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
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
