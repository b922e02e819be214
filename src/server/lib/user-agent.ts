import Bowser from 'bowser';
import type { DeviceClass } from '../../shared/domain';

export type ClientAgent = {
  /** Browser family ("Chrome", "Safari", "Edge", ...), null when unknown. Never the version. */
  browser: string | null;
  /** Mobile, tablet or desktop; null when the User-Agent does not say (curl, empty, TV). */
  device: DeviceClass | null;
  /** Crawlers and link previewers; their page views are not counted. */
  isBot: boolean;
};

/** Bowser's names shortened to the families the admin reports show (and the demo data uses). */
const FAMILY_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
};

const MAX_USER_AGENT_LENGTH = 512;

/**
 * Browser family and device class from a User-Agent (docs/product.md#privacy "Analytics"), with bowser, a
 * maintained MIT parser. Never throws: an odd header only yields unknowns.
 */
export function parseUserAgent(userAgent: string | undefined | null): ClientAgent {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH).trim();
  if (!ua) return { browser: null, device: null, isBot: false };
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(ua);
  } catch {
    return { browser: null, device: null, isBot: false };
  }
  const type = parsed.platform.type;
  const name = parsed.browser.name?.trim() || null;
  const device: DeviceClass | null = type === 'mobile' || type === 'tablet' || type === 'desktop' ? type : null;
  return { browser: name ? (FAMILY_NAMES[name] ?? name) : null, device, isBot: type === 'bot' };
}

/**
 * "Chrome on Windows", "Safari on iOS", "curl": what the signed-in devices list shows (docs/decisions.md,
 * "Sessions and the browser binding"). Browser family and system only, never versions; null when the header says
 * nothing.
 */
export function describeUserAgent(userAgent: string | undefined | null): string | null {
  const ua = (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH).trim();
  if (!ua) return null;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(ua);
  } catch {
    return null;
  }
  const name = parsed.browser.name?.trim();
  const browser = name ? (FAMILY_NAMES[name] ?? name) : null;
  const system = parsed.os.name?.trim() || null;
  if (browser && system) return `${browser} on ${system}`.slice(0, 80);
  if (browser || system) return (browser ?? system)!.slice(0, 80);
  // An API client names itself first ("curl/8.5", "python-requests/2.31"): its name, without the version.
  const product = /^[A-Za-z][\w.-]{0,39}/.exec(ua)?.[0];
  return product ?? null;
}
