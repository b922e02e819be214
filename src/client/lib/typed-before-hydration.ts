import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useHydrated } from './hydration';

type TypedField = { element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement; value: string };

/** Fields whose value a person types or picks; checkboxes, radios and buttons are left alone. */
const UNTYPED_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'hidden', 'file', 'image']);

/** The form's fields that hold something other than what the page was drawn with: what the visitor typed. */
function typedFields(form: HTMLFormElement): TypedField[] {
  const typed: TypedField[] = [];
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && !UNTYPED_INPUTS.has(element.type)) {
      if (element.value !== element.defaultValue) typed.push({ element, value: element.value });
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) typed.push({ element, value: element.value });
    } else if (element instanceof HTMLSelectElement) {
      const drawn = Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
      if (drawn && element.value !== drawn.value) typed.push({ element, value: element.value });
    }
  }
  return typed;
}

/**
 * Hands a typed value to the field's own change handler. React notices a change against the value it last saw,
 * which hydration took from the field itself, so the field is first emptied through React's view of it, then given
 * the typed value directly, and then the event a person's typing sends is sent.
 */
function replay({ element, value }: TypedField): void {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;
  if (!setValue) return;
  element.value = '';
  setValue.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Keeps what a visitor typed into a pre-rendered form before the page's code had started (docs/decisions.md,
 * "Pre-rendered public pages"). Hydration leaves the typed text on screen but not in the form's state, so the next
 * render would have wiped it and sending would have said the fields are empty. The typed values are read as the
 * form hydrates and given to the fields' change handlers right after, as if typed again.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>): void {
  const hydrating = useRef(!useHydrated());
  const typed = useRef<TypedField[]>([]);
  useLayoutEffect(() => {
    if (hydrating.current && form.current) typed.current = typedFields(form.current);
    hydrating.current = false;
  }, [form]);
  useEffect(() => {
    const fields = typed.current;
    typed.current = [];
    for (const field of fields) if (field.element.isConnected) replay(field);
  }, []);
}
