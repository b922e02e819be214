import { useState } from 'react';

/**
 * The value, or while it is null the last value it had: a dialog keeps showing its record while it animates
 * closed after the parent has already let go of it.
 */
export function useLastDefined<Value>(value: Value | null): Value | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
