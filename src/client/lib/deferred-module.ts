/** A module fetched after the first render, loaded once and shared by everything that needs it. */
export type DeferredModule<Module> = {
  /** The module, fetched on the first call; a failed fetch is tried again on the next call. */
  load(): Promise<Module>;
  /** The module if it has arrived, for a first render that can use it at once. */
  loaded(): Module | undefined;
  /** Starts fetching it, for when the browser is idle; a failure is left to the next `load`. */
  preload(): void;
};

/** Wraps a dynamic `import()` (written at the call site, so the bundler still splits it into its own chunk). */
export function deferredModule<Module>(importModule: () => Promise<Module>): DeferredModule<Module> {
  let module: Module | undefined;
  let pending: Promise<Module> | undefined;
  const load = () => {
    pending ??= importModule().then(
      (arrived) => (module = arrived),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return { load, loaded: () => module, preload: () => void load().catch(() => undefined) };
}
