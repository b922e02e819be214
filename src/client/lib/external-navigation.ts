/**
 * Leaves the app for a page on another site (a payment gateway's checkout). Only https addresses are followed, so
 * a bad value can never run script or open an unexpected scheme. Returns false when the address was refused.
 */
export function openExternalPage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  window.location.assign(parsed.href);
  return true;
}
