import { useLayoutEffect, useRef, type RefObject } from 'react';
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
 * What was typed into a pre-rendered form that is replaced by another as soon as it has hydrated (/book drawing the
 * visitor's own form in place of the blank one), by field name, for the form drawn in its place.
 */
export type TypedHandover = { current: ReadonlyMap<string, string> | null };

/** A form's side of the handover: the replaced form gives, the form drawn in its place takes. */
export type TypedFormHandover = { giveTo: TypedHandover } | { takeFrom: TypedHandover };

/**
 * Keeps what a visitor typed into a pre-rendered form before the page's code had started (docs/decisions.md,
 * "Pre-rendered public pages"). Hydration leaves the typed text on screen but not in the form's state, so the next
 * render would have wiped it and sending would have said the fields are empty. The typed values are read as the
 * form hydrates and given to the fields' change handlers in the same commit, as if typed again: React applies
 * what they set before the browser handles anything else, so a press on the form's button right after it came
 * alive sends what is on screen. (Handed over in a later effect, a press in between sent the fields as empty.)
 *
 * A form that is replaced in the commit that hydrated it hands what was typed on (`giveTo`) instead, and the form
 * drawn in its place takes it into its fields of the same names (`takeFrom`).
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, handover?: TypedFormHandover): void {
  const hydrating = useRef(!useHydrated());
  // The handover the form was drawn with: it is read once, when the form has come alive.
  const handoverAtMount = useRef(handover);
  useLayoutEffect(() => {
    const element = form.current;
    const handover = handoverAtMount.current;
    const wasHydrating = hydrating.current;
    hydrating.current = false;
    let typed = wasHydrating && element ? typedFields(element) : [];
    if (handover && 'giveTo' in handover) {
      if (wasHydrating) {
        handover.giveTo.current = new Map(
          typed.flatMap(({ element: field, value }) => (field.name ? [[field.name, value] as const] : [])),
        );
      }
      return;
    }
    if (handover && element) {
      const given = handover.takeFrom.current;
      handover.takeFrom.current = null;
      if (given) typed = [...typed, ...namedFields(element, given)];
    }
    for (const field of typed) replay(field);
  }, [form]);
}

/** The form's fields named in `values`, each with the value it is to be given. */
function namedFields(form: HTMLFormElement, values: ReadonlyMap<string, string>): TypedField[] {
  const fields: TypedField[] = [];
  for (const [name, value] of values) {
    const element = form.elements.namedItem(name);
    if (
      element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
    ) {
      fields.push({ element, value });
    }
  }
  return fields;
}
