import type { Page } from 'playwright-core';

/** The smallest comfortable touch target (WCAG 2.5.5, Apple and Material guidance): 44 × 44 CSS px. */
export const MIN_TARGET_PX = 44;

export type SmallTarget = { target: string; width: number; height: number };

export type LayoutReport = {
  /** How many px the page is wider than the viewport (0 when there is no sideways scrolling). */
  overflowPx: number;
  /**
   * Visible interactive elements below 44 px in either dimension. Not counted (the exceptions listed in
   * tests/e2e/mobile-layout.test.ts): links inside running text, and visually hidden inputs (their label is
   * measured instead).
   */
  smallTargets: SmallTarget[];
  /**
   * Text that does not show whole: clipped by an ancestor that hides its overflow (a truncated label, a heading
   * cut by a fixed-height box), or pushed past the right edge of the screen.
   */
  cutText: string[];
  /** Pairs of visible text runs drawn over each other (a badge over a label, a wrapped title under an icon). */
  overlappingText: string[];
  /**
   * Tables wider than the box they sit in, so columns (an Actions column's buttons) are out of sight until the box
   * is scrolled. Allowed only below the desktop's 1280 px for a wide report whose box is a labelled, focusable
   * scroll region (docs/decisions.md, tables that fit); at the desktop width every table fits.
   */
  wideTables: string[];
  /**
   * Tab strips that scroll at a desktop width, so some of their tabs are out of sight. On a phone a strip scrolls
   * sideways in its own box by design; from 1024 px up every tab shows.
   */
  hiddenTabs: string[];
  /**
   * Words broken across two lines because their box is narrower than the word ("Dashboa" above "rd" in a squeezed
   * heading). Not counted where breaking anywhere is chosen (an e-mail address with `word-break: break-all`) or
   * words are hyphenated.
   */
  brokenWords: string[];
};

/** From this width up every tab of a strip shows. */
const TABS_FIT_FROM_PX = 1024;
/** From this width up (the desktop size) every table fits its box, the wide reports too. */
const TABLES_FIT_FROM_PX = 1280;

/**
 * Measures the page as it is now: sideways overflow, and the size of every visible interactive element: buttons,
 * links, inputs, selects, textareas, tabs, and the labels that stand for visually hidden radios and checkboxes.
 * With a dialog open only the dialog is measured (the page behind it is measured on its own).
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  // Run from tsx (npm run screenshots), nested functions arrive wrapped in esbuild's `__name` helper.
  await page.evaluate('window.__name ??= (fn) => fn');
  return page.evaluate(
    ([min, tabsFitFrom, tablesFitFrom]) => {
      const overflowPx = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);

      const dialogs = Array.from(
        document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]'),
      ).filter((dialog) => dialog.getClientRects().length > 0);
      const scope: ParentNode = dialogs.at(-1) ?? document;

      function visible(element: Element): boolean {
        const rect = element.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return false;
        if (element.closest('[aria-hidden="true"], [inert], [hidden]')) return false;
        return true;
      }

      /** A link inside a sentence: inline, with text of its own block around it. */
      function inRunningText(element: HTMLElement): boolean {
        if (element.tagName !== 'A' || !getComputedStyle(element).display.startsWith('inline')) return false;
        const block = element.parentElement?.closest('p, li, dd, td, span, label, small') ?? element.parentElement;
        if (!block) return false;
        return (block.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
      }

      function describe(element: HTMLElement): string {
        const name =
          element.getAttribute('aria-label') ||
          (element.id && document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent) ||
          element.getAttribute('placeholder') ||
          element.textContent ||
          element.getAttribute('href') ||
          '';
        const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
        return `${role} "${name.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
      }

      const selector = [
        'button',
        'a[href]',
        'input:not([type="hidden"])',
        'select',
        'textarea',
        '[role="tab"]',
        '[role="button"]',
        '[role="radio"]',
        '[role="checkbox"]',
        '[role="switch"]',
      ].join(', ');
      const candidates = new Set<HTMLElement>();
      for (const element of Array.from(scope.querySelectorAll<HTMLElement>(selector))) {
        // A visually hidden radio or checkbox is operated through the label that wraps it.
        const rect = element.getBoundingClientRect();
        if (
          element instanceof HTMLInputElement &&
          ['radio', 'checkbox'].includes(element.type) &&
          (rect.width <= 1 || rect.height <= 1)
        ) {
          const label =
            element.closest('label') ??
            (element.id ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(element.id)}"]`) : null);
          if (label) candidates.add(label);
          continue;
        }
        // A tags field is tapped anywhere on its box; its text input is only the space after the last tag.
        const tagsControl = element.closest<HTMLElement>('[data-scope="tags-input"][data-part="control"]');
        candidates.add(element instanceof HTMLInputElement && tagsControl ? tagsControl : element);
      }

      const smallTargets: { target: string; width: number; height: number }[] = [];
      for (const element of candidates) {
        if (!visible(element) || inRunningText(element)) continue;
        const rect = element.getBoundingClientRect();
        // Half a pixel of rounding is not a defect.
        if (rect.width + 0.5 >= min && rect.height + 0.5 >= min) continue;
        smallTargets.push({
          target: describe(element),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        });
      }

      // Text: every visible run of text, measured with a Range (its line boxes, not its element's box).
      type Run = { owner: HTMLElement; block: HTMLElement; layer: Element; rects: DOMRect[]; label: string };
      const clips = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
      /** The page's root or the portal (a menu, a popover, a toast) the element is drawn in. */
      function layerOf(element: Element): Element {
        let el = element;
        while (el.parentElement && el.parentElement !== document.body) el = el.parentElement;
        return el;
      }
      const runs: Run[] = [];
      const root = scope === document ? document.body : (scope as HTMLElement);
      const textWalker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = textWalker.nextNode() as Text | null; node; node = textWalker.nextNode() as Text | null) {
        const text = node.data.replace(/\s+/g, ' ').trim();
        const owner = node.parentElement;
        if (!text || !owner || owner.closest('script, style, noscript, option, template') || !visible(owner)) continue;
        range.selectNodeContents(node);
        // A run's rects are its font's full ascent to descent, which may stand out of a tight line box by design;
        // what the layout gives the text is its block's box, so the rects are trimmed to it.
        let block: HTMLElement = owner;
        while (getComputedStyle(block).display === 'inline' && block.parentElement) block = block.parentElement;
        const bounds = block.getBoundingClientRect();
        const rects = Array.from(range.getClientRects())
          .map(
            (rect) =>
              new DOMRect(
                rect.left,
                Math.max(rect.top, bounds.top),
                rect.width,
                Math.min(rect.bottom, bounds.bottom) - Math.max(rect.top, bounds.top),
              ),
          )
          .filter((rect) => rect.width >= 1 && rect.height >= 1);
        if (rects.length === 0) continue;
        runs.push({
          owner,
          block,
          layer: layerOf(owner),
          rects,
          label: `"${text.slice(0, 40)}" in ${owner.tagName.toLowerCase()}`,
        });
      }

      /** Whether the point shows this run's element (or something inside it), not a layer drawn over it. */
      function onTop(run: Run, x: number, y: number): boolean {
        const hit = document.elementFromPoint(x, y);
        return !!hit && (run.owner === hit || run.owner.contains(hit) || hit.contains(run.owner));
      }

      const cutText: string[] = [];
      const hiddenRuns = new Set<Run>();
      for (const run of runs) {
        const left = Math.min(...run.rects.map((r) => r.left));
        const right = Math.max(...run.rects.map((r) => r.right));
        const top = Math.min(...run.rects.map((r) => r.top));
        const bottom = Math.max(...run.rects.map((r) => r.bottom));
        // Inside a box that scrolls on an axis, text beyond the box is scrolled to, not lost: an ancestor further up
        // can only clip the scrolling box itself on that axis.
        let scrollsX = false;
        let scrollsY = false;
        let cut: string | null = null;
        for (let el: HTMLElement | null = run.owner; el && el !== document.documentElement; el = el.parentElement) {
          const style = getComputedStyle(el);
          const clipsX = clips(style.overflowX);
          const clipsY = clips(style.overflowY);
          const r = el.getBoundingClientRect();
          if ((clipsX || clipsY) && (r.width <= 1 || r.height <= 1)) {
            // Visually hidden on purpose (for screen readers only): neither cut nor drawn.
            hiddenRuns.add(run);
            break;
          }
          if (!cut && (clipsX || clipsY)) {
            // Its padding box: what it shows of its content.
            const bl = r.left + parseFloat(style.borderLeftWidth);
            const br = r.right - parseFloat(style.borderRightWidth);
            const bt = r.top + parseFloat(style.borderTopWidth);
            const bb = r.bottom - parseFloat(style.borderBottomWidth);
            const cutX = clipsX && !scrollsX && (left < bl - 1 || right > br + 1);
            const cutY = clipsY && !scrollsY && (top < bt - 1 || bottom > bb + 1);
            if (cutX || cutY) {
              const dotClass = typeof el.className === 'string' && el.className ? '.' + el.className.split(' ')[0] : '';
              const name = `${el.tagName.toLowerCase()}${dotClass}`;
              cut = `${run.label} is clipped by ${name} (${cutX ? 'sideways' : 'top or bottom'})`;
            }
          }
          if (scrolls(style.overflowX)) scrollsX = true;
          if (scrolls(style.overflowY)) scrollsY = true;
        }
        if (hiddenRuns.has(run)) continue;
        // The rects were trimmed to the block, so text overflowing a block that hides it is found by its size.
        const blockStyle = getComputedStyle(run.block);
        if (!cut && clips(blockStyle.overflowX) && run.block.scrollWidth > run.block.clientWidth + 1) {
          cut = `${run.label} overflows its ${run.block.tagName.toLowerCase()} sideways`;
        }
        if (!cut && clips(blockStyle.overflowY) && run.block.scrollHeight > run.block.clientHeight + 1) {
          cut = `${run.label} overflows its ${run.block.tagName.toLowerCase()} at the bottom`;
        }
        // A button draws its box around its label: a label wider than the button spills over what is beside it
        // (nothing clips it, so the checks above let it pass).
        const button = run.owner.closest<HTMLElement>('button, [role="button"], .chakra-button');
        if (!cut && button && visible(button)) {
          const box = button.getBoundingClientRect();
          const spillsX = left < box.left - 1 || right > box.right + 1;
          if (spillsX) cut = `${run.label} spills out of its button sideways`;
        }
        if (cut) cutText.push(cut);
        else if (!scrollsX && right > window.innerWidth + 1) {
          cutText.push(`${run.label} runs ${Math.round(right - window.innerWidth)} px past the screen's edge`);
        }
      }

      /**
       * The part of a run its scrolling and clipping boxes show: a dialog's body scrolled to its top hides the text
       * below its edge, and hidden text cannot collide with the footer drawn there.
       */
      function drawnRects(run: Run): DOMRect[] {
        let rects = run.rects;
        for (let el = run.owner.parentElement; el && el !== document.documentElement; el = el.parentElement) {
          const style = getComputedStyle(el);
          const hidesX = style.overflowX !== 'visible';
          const hidesY = style.overflowY !== 'visible';
          if (!hidesX && !hidesY) continue;
          const box = el.getBoundingClientRect();
          const left = hidesX ? box.left + el.clientLeft : -Infinity;
          const right = hidesX ? left + el.clientWidth : Infinity;
          const top = hidesY ? box.top + el.clientTop : -Infinity;
          const bottom = hidesY ? top + el.clientHeight : Infinity;
          rects = rects
            .map((rect) => {
              const l = Math.max(rect.left, left);
              const t = Math.max(rect.top, top);
              return new DOMRect(l, t, Math.min(rect.right, right) - l, Math.min(rect.bottom, bottom) - t);
            })
            .filter((rect) => rect.width >= 1 && rect.height >= 1);
        }
        return rects;
      }

      const overlappingText: string[] = [];
      // Shown: some of what its boxes show is on top (at its start, middle or end). Text wholly under an opaque layer
      // (a menu, a dialog's backdrop) is not drawn, so it cannot collide.
      const shown = runs
        .filter((run) => !hiddenRuns.has(run))
        .map((run) => ({ ...run, rects: drawnRects(run) }))
        .filter((run) =>
          run.rects.some((rect) => {
            const y = rect.top + rect.height / 2;
            return [rect.left + 1, rect.left + rect.width / 2, rect.right - 1].some((x) => onTop(run, x, y));
          }),
        );
      for (let i = 0; i < shown.length; i++) {
        for (let j = i + 1; j < shown.length; j++) {
          const a = shown[i]!;
          const b = shown[j]!;
          // A popover or menu is drawn over the page on purpose: only text within one layer can collide.
          if (a.owner === b.owner || a.layer !== b.layer) continue;
          const hit = a.rects.some((ra) =>
            b.rects.some(
              (rb) =>
                Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left) > 2 &&
                Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 2,
            ),
          );
          if (hit) overlappingText.push(`${a.label} overlaps ${b.label}`);
        }
      }
      const wideTables: string[] = [];
      for (const table of Array.from(scope.querySelectorAll<HTMLTableElement>('table'))) {
        if (!visible(table)) continue;
        let frame = table.parentElement;
        while (frame && !scrolls(getComputedStyle(frame).overflowX) && !clips(getComputedStyle(frame).overflowX)) {
          frame = frame.parentElement;
        }
        if (!frame || frame === document.documentElement || frame === document.body) continue;
        // A table for screen readers only sits in a 1 px box that hides it on purpose.
        if (frame.clientWidth <= 2) continue;
        const over = Math.round(table.getBoundingClientRect().width - frame.clientWidth);
        if (over <= 1) continue;
        const scrollRegion = frame.getAttribute('role') === 'region' && frame.tabIndex >= 0;
        if (window.innerWidth < tablesFitFrom && scrollRegion) continue;
        const label = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? 'table';
        wideTables.push(`table "${label}" is ${over} px wider than its box`);
      }
      const brokenWords: string[] = [];
      const words = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = words.nextNode() as Text | null; node; node = words.nextNode() as Text | null) {
        const owner = node.parentElement;
        if (!owner || owner.closest('script, style, noscript, option, template') || !visible(owner)) continue;
        const style = getComputedStyle(owner);
        if (style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere' || style.hyphens === 'auto') continue;
        for (const match of node.data.matchAll(/[\p{L}\p{N}]{4,}/gu)) {
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width >= 1)
              .map((rect) => Math.round(rect.top / 4)),
          );
          if (tops.size > 1) brokenWords.push(`"${match[0].slice(0, 40)}" in ${owner.tagName.toLowerCase()}`);
        }
      }
      const hiddenTabs: string[] = [];
      if (window.innerWidth >= tabsFitFrom) {
        for (const list of Array.from(scope.querySelectorAll<HTMLElement>('[role="tablist"]'))) {
          if (!visible(list)) continue;
          const listBox = list.getBoundingClientRect();
          let frame: HTMLElement | null = list;
          while (frame && !scrolls(getComputedStyle(frame).overflowX) && !clips(getComputedStyle(frame).overflowX)) {
            frame = frame.parentElement;
          }
          const frameBox = frame && frame !== document.documentElement ? frame.getBoundingClientRect() : null;
          const right = frameBox ? frameBox.left + frame!.clientLeft + frame!.clientWidth : window.innerWidth;
          const left = frameBox ? frameBox.left + frame!.clientLeft : 0;
          const out = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'))
            .filter((tab) => {
              const box = tab.getBoundingClientRect();
              return box.right > right + 1 || box.left < left - 1;
            })
            .map((tab) => `"${(tab.textContent ?? '').replace(/\s+/g, ' ').trim()}"`);
          if (out.length === 0 && listBox.right <= right + 1) continue;
          const label = list.getAttribute('aria-label') ?? 'tabs';
          hiddenTabs.push(`${label}: ${out.join(', ') || 'the end of the strip'} out of sight`);
        }
      }
      return { overflowPx, smallTargets, cutText, overlappingText, wideTables, hiddenTabs, brokenWords };
    },
    [MIN_TARGET_PX, TABS_FIT_FROM_PX, TABLES_FIT_FROM_PX] as const,
  );
}
