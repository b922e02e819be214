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
};

/**
 * Measures the page as it is now: sideways overflow, and the size of every visible interactive element: buttons,
 * links, inputs, selects, textareas, tabs, and the labels that stand for visually hidden radios and checkboxes.
 * With a dialog open only the dialog is measured (the page behind it is measured on its own).
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  // Run from tsx (npm run screenshots), nested functions arrive wrapped in esbuild's `__name` helper.
  await page.evaluate('window.__name ??= (fn) => fn');
  return page.evaluate((min) => {
    const overflowPx = Math.max(0, document.documentElement.scrollWidth - window.innerWidth);

    const dialogs = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')).filter(
      (dialog) => dialog.getClientRects().length > 0,
    );
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
      if (element instanceof HTMLInputElement && ['radio', 'checkbox'].includes(element.type) && (rect.width <= 1 || rect.height <= 1)) {
        const label = element.closest('label') ?? (element.id ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(element.id)}"]`) : null);
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
      smallTargets.push({ target: describe(element), width: Math.round(rect.width), height: Math.round(rect.height) });
    }
    return { overflowPx, smallTargets };
  }, MIN_TARGET_PX);
}
