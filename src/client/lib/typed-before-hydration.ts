import { useLayoutEffect, useRef, type RefObject } from 'react';
import { isHydrating, useHydrated } from './hydration';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A field with what the visitor gave it: the text typed or the option picked; for a radio, its own value (it was
 * picked); for a checkbox, its value when ticked and '' when cleared.
 */
type TypedField = { element: Field; value: string };

/** Inputs a person ticks or picks rather than types into. */
const PICKED_INPUTS = new Set(['checkbox', 'radio']);
/** Inputs that hold nothing a person gives them. */
const UNTYPED_INPUTS = new Set(['button', 'submit', 'reset', 'hidden', 'file', 'image']);

function isPicked(element: Field): element is HTMLInputElement {
  return element instanceof HTMLInputElement && PICKED_INPUTS.has(element.type);
}

/** The fields of a form (its own elements) or of any other part of the page. */
function fieldsOf(container: HTMLElement): Field[] {
  const elements =
    container instanceof HTMLFormElement
      ? Array.from(container.elements)
      : Array.from(container.querySelectorAll('input, textarea, select'));
  return elements.filter(
    (element): element is Field =>
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement ||
      (element instanceof HTMLInputElement && !UNTYPED_INPUTS.has(element.type)),
  );
}

/** The fields that hold something other than what the page was drawn with: what the visitor typed or picked. */
function typedFields(container: HTMLElement): TypedField[] {
  const typed: TypedField[] = [];
  for (const element of fieldsOf(container)) {
    if (isPicked(element)) {
      // A radio counts where it was picked; the one it took the place of follows from that.
      const changed =
        element.type === 'radio'
          ? element.checked && !element.defaultChecked
          : element.checked !== element.defaultChecked;
      if (changed) typed.push({ element, value: element.checked ? element.value : '' });
    } else if (element instanceof HTMLSelectElement) {
      const drawn = Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
      if (drawn && element.value !== drawn.value) typed.push({ element, value: element.value });
    } else if (element.value !== element.defaultValue) {
      typed.push({ element, value: element.value });
    }
  }
  return typed;
}

/**
 * Keeps a press on the label of a radio or checkbox (a package card on /book) that a part replaced while it was held
 * down: /book draws the visitor's own form in place of the blank one in the commit that hydrates it, and a press
 * that started on the blank form's card and ended on its replacement made no click at all (the browser clicks only
 * where the press both started and ended), so the package the visitor chose was silently not taken. Such a press is
 * clicked on the field's counterpart (same name, and value for a radio) once it ends. Only presses that start while
 * the page hydrates are watched (src/client/main.tsx calls this before hydrating). Returns what stops watching.
 */
export function keepPressesAcrossReplacement(document: Document): () => void {
  let pressed: HTMLInputElement | null = null;
  const onDown = (event: PointerEvent) => {
    const target = event.target;
    const field =
      !isHydrating() || !(target instanceof Element)
        ? null
        : target instanceof HTMLInputElement
          ? target
          : target.closest('label')?.control;
    pressed = field instanceof HTMLInputElement && isPicked(field) ? field : null;
  };
  const onUp = () => {
    const field = pressed;
    pressed = null;
    if (!field || field.isConnected) return;
    const counterpart = Array.from(document.querySelectorAll('input')).find(
      (candidate) =>
        candidate.type === field.type &&
        candidate.name === field.name &&
        (field.type !== 'radio' || candidate.value === field.value),
    );
    // Where the click would have come: after the press has ended.
    if (counterpart && !counterpart.disabled) setTimeout(() => counterpart.click(), 0);
  };
  document.addEventListener('pointerdown', onDown, { capture: true });
  document.addEventListener('pointerup', onUp, { capture: true });
  return () => {
    document.removeEventListener('pointerdown', onDown, { capture: true });
    document.removeEventListener('pointerup', onUp, { capture: true });
  };
}

/**
 * Hands a typed value to the field's own change handler. React notices a change against the value it last saw,
 * which hydration took from the field itself, so the field is first emptied through React's view of it, then given
 * the typed value directly, and then the event a person's typing sends is sent. A radio or checkbox is first put
 * back as it was drawn and then clicked, as the visitor clicked it: its handlers read the new state from the click.
 */
function replay({ element, value }: TypedField): void {
  if (isPicked(element)) {
    const wanted = element.type === 'radio' || value !== '';
    element.checked = !wanted;
    element.click();
    return;
  }
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;
  if (!setValue) return;
  element.value = '';
  setValue.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The field the visitor was in when the part was replaced: by name (and value, for a radio), with its caret. */
type FocusedField = { name: string; value: string; selection: readonly [number, number] | null };

/**
 * What was typed into a pre-rendered form that is replaced by another as soon as it has hydrated (/book drawing the
 * visitor's own form in place of the blank one), by field name, for the form drawn in its place; and the field the
 * visitor was typing in, so the keys they press next go on into its counterpart (`focused`).
 */
export type TypedHandover = { current: ReadonlyMap<string, string> | null; focused: FocusedField | null };

/** A form's side of the handover: the replaced form gives, the form drawn in its place takes. */
export type TypedFormHandover = { giveTo: TypedHandover } | { takeFrom: TypedHandover };

/**
 * Keeps what a visitor typed or picked in a pre-rendered form (or another part of the page with fields, such as a
 * group of radio cards) before the page's code had started (docs/decisions.md, "Pre-rendered public pages").
 * Hydration leaves the typed text on screen but not in the form's state, so the next render would have wiped it and
 * sending would have said the fields are empty; a radio or checkbox picked then looks unpicked, as it was drawn. The
 * values are read as the form hydrates and given to the fields' handlers in the same commit, as if typed or clicked
 * again: React applies what they set before the browser handles anything else, so a press on the form's button
 * right after it came alive sends what the visitor gave it. (Handed over in a later effect, a press in between sent
 * the fields as empty.) The UI kit's radios and checkboxes take the click in the microtasks right after that commit,
 * where their state machines start, and show it in the render that follows.
 *
 * A part that is replaced in the commit that hydrated it hands what was typed on (`giveTo`) instead, and the part
 * drawn in its place takes it into its fields of the same names (`takeFrom`). Several parts may share one handover:
 * each gives its own fields and takes only the fields it has.
 */
export function useTypedBeforeHydration(container: RefObject<HTMLElement | null>, handover?: TypedFormHandover): void {
  const hydrating = useRef(!useHydrated());
  // The handover the part was drawn with: it is read once, when the part has come alive.
  const handoverAtMount = useRef(handover);
  useLayoutEffect(() => {
    const element = container.current;
    const handover = handoverAtMount.current;
    const wasHydrating = hydrating.current;
    hydrating.current = false;
    let typed = wasHydrating && element ? typedFields(element) : [];
    if (handover && 'giveTo' in handover) {
      if (wasHydrating && element) {
        const given = typed.flatMap(({ element: field, value }) => (field.name ? [[field.name, value] as const] : []));
        handover.giveTo.current = new Map([...(handover.giveTo.current ?? []), ...given]);
        handover.giveTo.focused ??= focusedField(element);
      }
      return;
    }
    if (handover && element) typed = [...typed, ...takeNamedFields(element, handover.takeFrom)];
    for (const field of typed) replay(field);
    if (handover && element) takeFocus(element, handover.takeFrom);
  }, [container]);
}

/** The named field of the part that has the focus, with its caret where the field has one. */
function focusedField(container: HTMLElement): FocusedField | null {
  const active = document.activeElement;
  const field = fieldsOf(container).find((candidate) => candidate === active);
  if (!field?.name) return null;
  let selection: FocusedField['selection'] = null;
  if (!(field instanceof HTMLSelectElement) && field.selectionStart !== null && field.selectionEnd !== null) {
    selection = [field.selectionStart, field.selectionEnd];
  }
  return { name: field.name, value: field.value, selection };
}

/**
 * Puts the focus, and the caret, in this part's counterpart of the field the visitor was in when the part it replaces
 * went: the field they were typing in is gone from the page, and the keys they press next would go nowhere.
 */
function takeFocus(container: HTMLElement, handover: TypedHandover): void {
  const focused = handover.focused;
  if (!focused) return;
  const field = fieldsOf(container).find(
    (candidate) => candidate.name === focused.name && (candidate.type !== 'radio' || candidate.value === focused.value),
  );
  if (!field) return;
  handover.focused = null;
  field.focus({ preventScroll: true });
  const selection = focused.selection;
  if (!selection || field instanceof HTMLSelectElement) return;
  // The typed value reaches the field in the render its replay asks for, which React makes right after this commit
  // and before any microtask; setting it moves the caret to the end, so the caret goes back after that.
  queueMicrotask(() => {
    if (document.activeElement === field && field.selectionStart !== null) field.setSelectionRange(...selection);
  });
}

/** Takes from the handover the values of the part's fields of the same names, each with the value it is to get. */
function takeNamedFields(container: HTMLElement, handover: TypedHandover): TypedField[] {
  const given = handover.current;
  if (!given) return [];
  const fields: TypedField[] = [];
  const left = new Map(given);
  for (const element of fieldsOf(container)) {
    const value = given.get(element.name);
    if (value === undefined) continue;
    // A radio is one of a group of that name: the one of the picked value is the one to pick.
    if (element.type === 'radio' && element.value !== value) continue;
    fields.push({ element, value });
    left.delete(element.name);
  }
  handover.current = left.size > 0 ? left : null;
  return fields;
}
