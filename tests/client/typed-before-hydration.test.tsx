import { act, waitFor } from '@testing-library/react';
import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, onTestFinished } from 'vitest';
import { beginHydration, useHydrated } from '../../src/client/lib/hydration';
import { useTypedBeforeHydration } from '../../src/client/lib/typed-before-hydration';

/*
 * useTypedBeforeHydration (docs/decisions.md, "Pre-rendered public pages"): what a visitor typed into a pre-rendered
 * form before the page's code started is in the form's state as soon as the form is live, so a press on its button
 * at that moment sends what the visitor sees.
 */

function GuestForm({ sent }: { sent: Array<{ name: string; city: string }> }) {
  const [name, setName] = useState('');
  const [city, setCity] = useState('Indore');
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form);
  return (
    <form
      ref={form}
      method="post"
      aria-label="Guest"
      onSubmit={(event) => {
        event.preventDefault();
        sent.push({ name, city });
      }}
    >
      <input aria-label="Full Name" value={name} onChange={(event) => setName(event.target.value)} />
      <select aria-label="City" value={city} onChange={(event) => setCity(event.target.value)}>
        <option>Indore</option>
        <option>Bhopal</option>
      </select>
      <button type="submit">Send</button>
    </form>
  );
}

/**
 * Sends the form at the first moment the browser could handle a press after the commit that hydrated it: a
 * microtask queued in that commit runs before any task, such as React's later effects or the visitor's click.
 */
function PressAsSoonAsLive() {
  useLayoutEffect(() => {
    queueMicrotask(() => document.querySelector<HTMLFormElement>('form[aria-label="Guest"]')?.requestSubmit());
  }, []);
  return null;
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.replaceChildren();
});

it('sends what was typed before the page’s code started, when the form is sent the moment it is live', async () => {
  const page = (sent: Array<{ name: string; city: string }>) => (
    <>
      <GuestForm sent={sent} />
      <PressAsSoonAsLive />
    </>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page([]));
  document.body.append(container);
  // The visitor types and picks before the code has started: only the page's fields know it.
  container.querySelector<HTMLInputElement>('input[aria-label="Full Name"]')!.value = 'Asha Rao';
  container.querySelector<HTMLSelectElement>('select[aria-label="City"]')!.value = 'Bhopal';

  // Hydrated as the browser's entry does it (src/client/main.tsx): a transition, outside `act`, whose effects
  // would otherwise all be run before the test looks.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  onTestFinished(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });
  const sent: Array<{ name: string; city: string }> = [];
  beginHydration(container);
  startTransition(() => {
    roots.push(hydrateRoot(container, page(sent)));
  });

  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toEqual({ name: 'Asha Rao', city: 'Bhopal' });
  // And the fields still show it.
  expect(container.querySelector<HTMLInputElement>('input[aria-label="Full Name"]')!.value).toBe('Asha Rao');
  // The hydration is found over once the form is whole, so what the next test draws starts as the browser has it.
  await waitFor(() => expect(firstRenderOfNewPart()).toBe(true));
});

/** What a part mounted now reads from `useHydrated` in its first render. */
function firstRenderOfNewPart(): boolean {
  const seen: boolean[] = [];
  function Probe() {
    seen.push(useHydrated());
    return null;
  }
  const root = createRoot(document.createElement('div'));
  flushSync(() => root.render(<Probe />));
  root.unmount();
  return seen[0]!;
}
