import { act, waitFor } from '@testing-library/react';
import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it, onTestFinished } from 'vitest';
import { beginHydration, useHydrated } from '../../src/client/lib/hydration';
import {
  keepPressesAcrossReplacement,
  useTypedBeforeHydration,
  type TypedFormHandover,
  type TypedHandover,
} from '../../src/client/lib/typed-before-hydration';
import { ChakraProvider } from '@chakra-ui/react';
import { WhatsappOptIn } from '../../src/client/components/whatsapp-opt-in';
import { PackageChooser } from '../../src/client/pages/book/package-chooser';
import { system } from '../../src/client/theme';
import type { PricingTier } from '../../src/shared/domain';

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

type Picks = { tier: PricingTier; whatsapp: boolean };

/** /book's package cards and a form with the WhatsApp tick box, as the page draws them. */
function PicksPage({ sent }: { sent: Picks[] }) {
  const [tier, setTier] = useState<PricingTier>('premium');
  const [whatsapp, setWhatsapp] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form);
  return (
    <ChakraProvider value={system}>
      <PackageChooser value={tier} onChange={setTier} />
      <form
        ref={form}
        aria-label="Guest"
        onSubmit={(event) => {
          event.preventDefault();
          sent.push({ tier, whatsapp });
        }}
      >
        <WhatsappOptIn checked={whatsapp} onCheckedChange={setWhatsapp} />
      </form>
    </ChakraProvider>
  );
}

/** Hydrates `page` as the browser's entry does it (src/client/main.tsx): a transition, outside `act`. */
function hydrateAsTheEntryDoes(container: HTMLElement, page: ReactNode): void {
  // Outside `act`, whose effects would otherwise all be run before the test looks.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  onTestFinished(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });
  beginHydration(container);
  startTransition(() => {
    roots.push(hydrateRoot(container, page));
  });
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

it('picks the package and ticks the box chosen before the page’s code started, and sends them', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PicksPage sent={[]} />);
  document.body.append(container);
  const luxury = container.querySelector<HTMLInputElement>('input[type="radio"][value="luxury"]')!;
  const whatsapp = container.querySelector<HTMLInputElement>('input[name="whatsapp_opt_in"]')!;
  const cardOf = (radio: HTMLInputElement) => radio.closest('label')!;
  const tickOf = (box: HTMLInputElement) => box.closest('label')!.querySelector('[data-part="control"]')!;
  expect(cardOf(luxury).getAttribute('data-state')).toBe('unchecked');
  // The visitor clicks before the code has started: only the native fields know it.
  luxury.click();
  whatsapp.click();
  expect([luxury.checked, whatsapp.checked]).toEqual([true, true]);

  const sent: Picks[] = [];
  hydrateAsTheEntryDoes(container, <PicksPage sent={sent} />);
  // The cards and the tick box take the clicks as soon as they are live (their state machines start in the
  // microtasks after the commit), and show them.
  await waitFor(() => expect(cardOf(luxury).getAttribute('data-state')).toBe('checked'));
  await waitFor(() => expect(tickOf(whatsapp).getAttribute('data-state')).toBe('checked'));
  container.querySelector('form')!.requestSubmit();
  expect(sent).toEqual([{ tier: 'luxury', whatsapp: true }]);
  await waitFor(() => expect(firstRenderOfNewPart()).toBe(true));
});

/** A form drawn as the build drew it, replaced by the visitor's own in the commit that hydrates it (as /book does). */
function SwappedPage() {
  const [asBuilt, setAsBuilt] = useState(true);
  const [handover] = useState<TypedHandover>(() => ({ current: null, focused: null }));
  useLayoutEffect(() => {
    if (asBuilt) setAsBuilt(false);
  }, [asBuilt]);
  return (
    <NameForm key={asBuilt ? 'as-built' : 'own'} handover={asBuilt ? { giveTo: handover } : { takeFrom: handover }} />
  );
}

function NameForm({ handover }: { handover: TypedFormHandover }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, handover);
  return (
    <form ref={form} aria-label="Guest">
      <input name="client_name" aria-label="Full Name" value={name} onChange={(event) => setName(event.target.value)} />
      <input
        name="client_email"
        type="email"
        aria-label="Email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
    </form>
  );
}

it('keeps the visitor typing in the field they were in when the form drawn by the build is replaced', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SwappedPage />);
  document.body.append(container);
  const drawnName = container.querySelector<HTMLInputElement>('input[name="client_name"]')!;
  drawnName.value = 'Asha Rao';
  drawnName.focus();
  drawnName.setSelectionRange(4, 4);

  hydrateAsTheEntryDoes(container, <SwappedPage />);
  await waitFor(() => expect(container.querySelector('input[name="client_name"]')).not.toBe(drawnName));
  const ownName = container.querySelector<HTMLInputElement>('input[name="client_name"]')!;
  expect(ownName.value).toBe('Asha Rao');
  // The keys pressed next go into the new field, where the caret was.
  expect(document.activeElement).toBe(ownName);
  expect([ownName.selectionStart, ownName.selectionEnd]).toEqual([4, 4]);
  await waitFor(() => expect(firstRenderOfNewPart()).toBe(true));
});

/** /book's package cards, drawn as the build drew them and replaced by the visitor's own in the hydrating commit. */
function SwappedPackages({ picked }: { picked: PricingTier[] }) {
  const [asBuilt, setAsBuilt] = useState(true);
  const [tier, setTier] = useState<PricingTier>('basic');
  useLayoutEffect(() => {
    if (asBuilt) setAsBuilt(false);
  }, [asBuilt]);
  return (
    <ChakraProvider value={system}>
      <PackageChooser
        key={asBuilt ? 'as-built' : 'own'}
        value={tier}
        onChange={(next) => {
          picked.push(next);
          setTier(next);
        }}
      />
    </ChakraProvider>
  );
}

it('takes a package card pressed on the drawn page and released on the one that replaced it as the pick', async () => {
  onTestFinished(keepPressesAcrossReplacement(document));
  const container = document.createElement('div');
  container.innerHTML = renderToString(<SwappedPackages picked={[]} />);
  document.body.append(container);
  const luxuryCard = () =>
    container.querySelector<HTMLInputElement>('input[type="radio"][value="luxury"]')!.closest('label')!;
  const drawnCard = luxuryCard();

  // The press starts on the card the build drew; the page hydrates and replaces it before the press ends.
  const picked: PricingTier[] = [];
  hydrateAsTheEntryDoes(container, <SwappedPackages picked={picked} />);
  drawnCard.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
  await waitFor(() => expect(luxuryCard()).not.toBe(drawnCard));
  // The browser makes no click of a press that ended on another element: the visitor's release alone.
  luxuryCard().dispatchEvent(new MouseEvent('pointerup', { bubbles: true }));
  await waitFor(() => expect(luxuryCard().getAttribute('data-state')).toBe('checked'));
  expect(picked).toEqual(['luxury']);
  await waitFor(() => expect(firstRenderOfNewPart()).toBe(true));
});
