/**
 * Copies text with the asynchronous Clipboard API, falling back to a selected off-screen textarea and
 * `execCommand('copy')` where that API is missing or refused (plain http, older in-app browsers). False when
 * neither worked, so the caller can ask for a manual copy.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or no secure context: try the older way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  area.style.pointerEvents = 'none';
  document.body.appendChild(area);
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    area.select();
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}
