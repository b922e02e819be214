import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import ResizeObserverPolyfill from 'resize-observer-polyfill';
import { clearTimeout as realClearTimeout, setTimeout as realSetTimeout } from 'node:timers';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { resetTrpcRecording, server } from './msw';
import { missingRecipes } from './recipes';

/** The part of jsdom's own node objects the label shortcut below reads. */
type JsdomNode = {
  nodeType: number;
  namespaceURI: string | null;
  localName: string;
  type?: string;
  _ceDefinition?: { formAssociated?: boolean } | null;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): JsdomNode;
  getElementById(id: string): JsdomNode | null;
  /** Counts changes to the node's subtree. */
  _version: number;
  control?: JsdomNode | null;
};
/** jsdom's own live list behind an element's `labels`: it runs `_query` again when `_element` has changed. */
type JsdomLabels = { _element: JsdomNode; _query: () => JsdomNode[] };

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

/*
 * jsdom's animation frames tick on a Node interval it starts at the first outstanding frame and stops at the last.
 * It calls the global `setInterval`, which a test's fake timers replace: a frame asked for under them (a dialog
 * opened while a test fakes the clock) starts a fake ticker, and once the test restores real timers that ticker is
 * gone while jsdom still counts the frame outstanding, so no frame ever runs again in that worker. Chakra's dialogs
 * (Zag) close and take their Escape key on animation frames, so every later file in the worker saw dialogs that never
 * left. Frames run on Node's own timers here, which fake timers do not touch.
 */
window.requestAnimationFrame = (callback: FrameRequestCallback) =>
  realSetTimeout(() => callback(performance.now()), 1000 / 60) as unknown as number;
window.cancelAnimationFrame = (handle: number) => realClearTimeout(handle as unknown as NodeJS.Timeout);

/*
 * jsdom finds a label's control by walking the whole document for the element with the `for` id, and answers an
 * element's `labels` by asking every node of the document for its control: each `*ByLabelText` query and each
 * accessible name of a form field cost elements x elements, the largest single cost of a form page's tests. The
 * same element comes from the document's id index: the first element with that id, if it can be labelled. jsdom
 * keeps its own objects behind the DOM ones and asks those, so the getter is replaced there, once per worker (test
 * files that share a module graph share the document too).
 */
{
  const label = document.createElement('label');
  const implKey = Object.getOwnPropertySymbols(label).find((key) => key.description === 'impl');
  const labelImpl = implKey && Object.getPrototypeOf((label as unknown as Record<symbol, object>)[implKey]);
  const original = labelImpl && Object.getOwnPropertyDescriptor(labelImpl, 'control');
  if (!original?.get) throw new Error('jsdom has changed: remove the label control shortcut in tests/client/setup.ts');
  const shortcut = Symbol.for('tests/client/setup.ts: label control');
  const labelable = (node: JsdomNode) =>
    node.nodeType === Node.ELEMENT_NODE &&
    node.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
    (['button', 'meter', 'output', 'progress', 'select', 'textarea'].includes(node.localName) ||
      (node.localName === 'input' && node.type !== 'hidden') ||
      Boolean(node._ceDefinition?.formAssociated));
  if (!(shortcut in original.get)) {
    Object.defineProperty(labelImpl, 'control', {
      ...original,
      get: Object.assign(
        function control(this: JsdomNode) {
          const id = this.getAttributeNS(null, 'for');
          const root = id === null ? null : this.getRootNode({});
          if (root?.nodeType !== Node.DOCUMENT_NODE) return original.get!.call(this);
          const target = id === '' ? null : root.getElementById(id!);
          return target && labelable(target) ? target : null;
        },
        { [shortcut]: true },
      ),
    });
  }

  /*
   * A field's `labels` then asks every node of the document whether it labels that field, again for each field
   * after every change to the page. Instead one pass over the document's labels per change collects each label
   * under its control, in the same (tree) order, for all fields at once.
   */
  const implOf = (node: object) => (node as unknown as Record<symbol, JsdomNode>)[implKey!]!;
  const wrapperKey = Object.getOwnPropertySymbols(implOf(label)).find((key) => key.description === 'wrapper')!;
  const byControl = new WeakMap<JsdomNode, { version: number; labels: Map<JsdomNode, JsdomNode[]> }>();
  const labelsOf = (root: JsdomNode, field: JsdomNode) => {
    let index = byControl.get(root);
    if (index?.version !== root._version) {
      index = { version: root._version, labels: new Map() };
      const document = (root as unknown as Record<symbol, Document>)[wrapperKey]!;
      for (const element of document.getElementsByTagName('label')) {
        const control = implOf(element).control;
        if (control) index.labels.set(control, [...(index.labels.get(control) ?? []), implOf(element)]);
      }
      byControl.set(root, index);
    }
    return index.labels.get(field) ?? [];
  };
  for (const tag of ['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']) {
    const fieldImpl = Object.getPrototypeOf(implOf(document.createElement(tag))) as object;
    const labels = Object.getOwnPropertyDescriptor(fieldImpl, 'labels');
    if (!labels?.get) throw new Error(`jsdom has changed: no labels on ${tag}, see tests/client/setup.ts`);
    if (shortcut in labels.get) continue;
    Object.defineProperty(fieldImpl, 'labels', {
      ...labels,
      get: Object.assign(
        function labelsShortcut(this: JsdomNode) {
          const list = labels.get!.call(this) as JsdomLabels | null;
          if (list && !(shortcut in list) && list._element.nodeType === Node.DOCUMENT_NODE) {
            const root = list._element;
            list._query = () => labelsOf(root, this);
            Object.assign(list, { [shortcut]: true });
          }
          return list;
        },
        { [shortcut]: true },
      ),
    });
  }
}

/*
 * jsdom computes an element's style from scratch on every `getComputedStyle`, matching every rule of every style
 * sheet (Emotion's, hundreds) against it, and the tests ask again and again for the same elements: each role query
 * and accessible name asks whether every candidate and each of its ancestors is hidden, and each click whether its
 * target takes pointer events. Nearly a fifth of a form page's test time went there. Nothing that style depends on
 * changes between two such asks unless the document does (an attribute, a node, a style element's text: jsdom counts
 * each change on the document), the focus moves (`:focus` rules) or a rule is inserted without a node
 * (`insertRule`), so the answer is kept until one of those happens.
 */
{
  const implKey = Object.getOwnPropertySymbols(document).find((key) => key.description === 'impl');
  const documentImpl = implKey && (document as unknown as Record<symbol, { _version?: number }>)[implKey];
  if (typeof documentImpl?._version !== 'number') {
    throw new Error('jsdom has changed: remove the computed style memo in tests/client/setup.ts');
  }
  const ruleCount = () => {
    let count = 0;
    for (const sheet of document.styleSheets) count += sheet.cssRules.length;
    return count;
  };
  const computed = window.getComputedStyle;
  const memo = new WeakMap<Element, { key: string; focus: Element | null; style: CSSStyleDeclaration }>();
  window.getComputedStyle = function getComputedStyle(element: Element, pseudoElement?: string | null) {
    if (pseudoElement) return computed.call(window, element, pseudoElement);
    const activeElement = document.activeElement;
    const key = `${documentImpl._version} ${ruleCount()}`;
    const kept = memo.get(element);
    if (kept?.key === key && kept.focus === activeElement) return kept.style;
    const style = computed.call(window, element);
    memo.set(element, { key, focus: activeElement, style });
    return style;
  };
}

/*
 * Testing Library finds the element an `aria-labelledby` names with `container.querySelector('[id="…"]')`, a walk of
 * the whole page for every field each label query looks at. The document's id index answers it: the first element
 * with that id in the document is the first in any container that holds it.
 */
for (const proto of [Element.prototype, Document.prototype]) {
  const querySelector = proto.querySelector as (this: ParentNode, selectors: string) => Element | null;
  proto.querySelector = function querySelectorById(this: ParentNode, selectors: string) {
    const id = /^\[id="([^"\\]+)"\]$/.exec(selectors)?.[1];
    const root = this instanceof Document ? this : (this as Element).ownerDocument;
    const found = id === undefined ? null : root.getElementById(id);
    if (found && (this === root || (this as Node).contains(found))) return found;
    return querySelector.call(this, selectors);
  } as typeof proto.querySelector;
}

/*
 * react-hot-toast styles its toasts with goober, which finds its one style element as `window._goober`: a browser
 * names every element with an id on the window, jsdom does not, so without this each toast added a new style
 * element, and every later style lookup (visibility, accessible names, pointer events) read them all.
 */
Object.defineProperty(window, '_goober', { configurable: true, get: () => document.getElementById('_goober') });

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
