function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls to an in-page section and moves keyboard focus there too, so the next Tab continues from the
 * section instead of from the button that was pressed. Returns false when the section is not on this page.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  const smooth = !prefersReducedMotion();
  section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  if (smooth) landAgainIfMoved(section);
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
  return true;
}

/** What a visitor does to scroll on their own; after any of it, the page goes where they took it. */
const OWN_SCROLLING = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * A smooth scroll aims at where the section was when it started. Sections the browser had not drawn yet
 * (docs/decisions.md, "Sections drawn when near the screen") take their real height as the scroll passes them,
 * which can move the section a little: when the scroll ends, it lands on the section again, unless the visitor
 * has scrolled on their own meanwhile.
 */
function landAgainIfMoved(section: HTMLElement): void {
  if (!('onscrollend' in window)) return;
  const stop = () => {
    removeEventListener('scrollend', land);
    for (const type of OWN_SCROLLING) removeEventListener(type, stop, true);
  };
  const land = () => {
    stop();
    const offset = parseFloat(getComputedStyle(section).scrollMarginTop) || 0;
    if (Math.abs(section.getBoundingClientRect().top - offset) > 1) section.scrollIntoView({ block: 'start' });
  };
  addEventListener('scrollend', land, { once: true });
  for (const type of OWN_SCROLLING) addEventListener(type, stop, { capture: true, once: true, passive: true });
}
