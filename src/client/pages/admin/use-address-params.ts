import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isIsoDate } from '../../../shared/dates';

export type ParamChanges = Readonly<Record<string, string | null | undefined>>;

/**
 * A tab's filters kept in the address (`/admin?tab=money&overdue=1&q=sharma`), so a reload keeps them and a
 * filtered list can be linked. Changing them replaces the history entry, as switching tabs does; an empty value
 * removes its parameter.
 */
export function useAddressParams(): [URLSearchParams, (changes: ParamChanges) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  function update(changes: ParamChanges) {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  }
  return [params, update];
}

/** A whole number from the address, or the fallback when absent or not a whole number in range. */
export function intParam(params: URLSearchParams, key: string, fallback: number, min = 0, max = 1_000_000): number {
  const raw = params.get(key);
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= min && value <= max ? value : fallback;
}

/**
 * A month `YYYY-MM` from 2000 to 2099 (`2026-13` is not one). The years are bounded so a mistyped link never walks
 * the calendar's date arithmetic off its four-digit years.
 */
export function isAddressMonth(value: string): boolean {
  return /^20\d{2}-(0[1-9]|1[0-2])$/.test(value);
}

/** A month from the address, or null when absent or not a month (`isAddressMonth`). */
export function monthParam(params: URLSearchParams, key: string): string | null {
  const raw = params.get(key);
  return raw !== null && isAddressMonth(raw) ? raw : null;
}

/** A real date `YYYY-MM-DD` from 2000 to 2099 in the address (2027-02-30 is not one), or null. */
export function dateParam(params: URLSearchParams, key: string): string | null {
  const raw = params.get(key);
  return raw !== null && raw.startsWith('20') && isIsoDate(raw) ? raw : null;
}
