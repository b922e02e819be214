import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import ResizeObserverPolyfill from 'resize-observer-polyfill';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { resetTrpcRecording, server } from './msw';
import { missingRecipes } from './recipes';

// Route pages and their deferred modules are lazy chunks: on a 2-core machine loaded by other work their first
// import can take many seconds, so `findBy*` and `waitFor` wait up to 20 s for the state they look for (a passing
// test still returns as soon as it appears). Tests do not pass shorter timeouts of their own.
configure({ asyncUtilTimeout: 20_000 });

// Browser APIs Chakra (Ark/Zag), react-hot-toast and the pages use that jsdom does not implement.
globalThis.ResizeObserver ??= ResizeObserverPolyfill;

globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;

window.matchMedia = (query: string): MediaQueryList =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollTo = function scrollTo() {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  // The toast store is module-global; without this a toast from one test would still show in the next.
  act(() => toast.remove());
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const unhandled = resetTrpcRecording();
  expect(unhandled, 'tRPC procedures called without a test handler').toEqual([]);
});

afterAll(() => server.close());

// Every component a test rendered found its Chakra recipe in the app's system (tests/client/recipes.ts).
afterAll(() => {
  expect(missingRecipes(), 'components rendered without their recipe: add it to src/client/theme.ts').toEqual([]);
});
