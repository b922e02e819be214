import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { beginHydration, useHydrated } from '../../src/client/lib/hydration';

/*
 * useHydrated (docs/decisions.md, "Pre-rendered public pages"): a part hydrating pre-rendered markup first renders as
 * the build drew it and then switches as a transition; a part mounted after the hydration, or after the visitor has
 * moved on, shows the browser's state from its first render.
 */

/** Something whose code is still on its way, for as long as the test runs. */
const neverArrives = new Promise<never>(() => {});
function StillLoading(): null {
  use(neverArrives);
  return null;
}

/** Records what each render saw. Its browser-side view suspends, which tells a transition from a blocking update. */
function Probe({ seen, suspendWhenHydrated = false }: { seen: boolean[]; suspendWhenHydrated?: boolean }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  if (!hydrated) return <p>As the build drew it</p>;
  return (
    <>
      <p>The browser’s own state</p>
      {suspendWhenHydrated && <StillLoading />}
    </>
  );
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
});

function prerendered(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

describe('useHydrated', () => {
  it('hydrates as the build drew the part, then switches as a transition, not in one blocking update', async () => {
    const tree = (seen: boolean[]) => (
      <Suspense fallback={<p>Loading</p>}>
        <Probe seen={seen} suspendWhenHydrated />
      </Suspense>
    );
    const container = prerendered(tree([]));
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    beginHydration(container);
    // Outside `act`, which would wait for the suspended switch for ever, as the browser does not.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    onTestFinished(() => {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
    });
    roots.push(hydrateRoot(container, tree(seen), { onRecoverableError: (error) => errors.push(error) }));
    // The switch was rendered (and suspended): a transition keeps what is on screen, a blocking update would have
    // replaced it with the fallback.
    await waitFor(() => expect(seen).toContain(true));
    expect(seen[0]).toBe(false);
    expect(container.textContent).toBe('As the build drew it');
    expect(errors).toEqual([]);
  });

  it('gives a part mounted once the page is hydrated the browser’s state from its first render', async () => {
    const container = prerendered(<Probe seen={[]} />);
    beginHydration(container);
    const hydrating: boolean[] = [];
    await act(async () => {
      roots.push(hydrateRoot(container, <Probe seen={hydrating} />));
    });
    await waitFor(() => expect(container.textContent).toBe('The browser’s own state'));
    expect(hydrating[0]).toBe(false);

    // The hydration is found over within a moment; from then on a new part starts as the browser has it.
    const firstRenderOfNewPart = () => {
      const later: boolean[] = [];
      render(<Probe seen={later} />).unmount();
      return later[0];
    };
    for (const deadline = Date.now() + 5_000; !firstRenderOfNewPart() && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(firstRenderOfNewPart()).toBe(true);
  });

  it('ends the hydration at its next look once the root has been emptied (its app unmounted)', () => {
    vi.useFakeTimers();
    try {
      const container = prerendered(<Probe seen={[]} />);
      beginHydration(container);
      container.replaceChildren();
      // The hydration is looked at every 100 ms, and given up only after 10 s.
      vi.advanceTimersByTime(150);
      const first: boolean[] = [];
      render(<Probe seen={first} />).unmount();
      expect(first[0]).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the hydration when the visitor moves to another page before it is over', async () => {
    // Markup that is never hydrated: the hydration would not be over for seconds.
    const container = prerendered(<Probe seen={[]} />);
    beginHydration(container);
    const during: boolean[] = [];
    render(<Probe seen={during} />);
    expect(during[0]).toBe(false);
    await screen.findByText('The browser’s own state');

    history.pushState(null, '', '/elsewhere');
    dispatchEvent(new Event('pushState'));
    const after: boolean[] = [];
    render(<Probe seen={after} />);
    expect(after[0]).toBe(true);
  });
});
