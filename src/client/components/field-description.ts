import { useId } from 'react';

/**
 * Ids for a Chakra Field's helper and error texts, and the control's aria-describedby naming whichever is on show.
 * Ark's Field ties the error to its control only with aria-errormessage, which several screen readers do not read;
 * aria-describedby is read by all of them, so the error is announced with the field.
 */
export function useFieldDescription({
  error,
  helperText,
}: {
  error?: string | null | undefined;
  helperText?: string | undefined;
}) {
  const id = useId();
  const ids = { errorText: `${id}error`, helperText: `${id}helper` };
  const describedBy = error ? ids.errorText : helperText ? ids.helperText : undefined;
  return { ids, describedBy };
}
