import { CloseButton } from '@chakra-ui/react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../lib/hydration';
import toast, { ToastBar, useToaster, useToasterStore, type DefaultToastOptions, type Toast } from 'react-hot-toast';

/** docs/product.md#screens and docs/product.md#screens: toast limits and timings. */
const MAX_VISIBLE = 3;
const GUTTER = 14;
const WIDTH = 356;
const EDGE_OFFSET = 16;
const SWIPE_DISTANCE = 45;
/** Pixels per millisecond. */
const SWIPE_VELOCITY = 0.11;

const TOAST_OPTIONS: DefaultToastOptions = {
  duration: 4000,
  // A global duration would otherwise also close loading toasts after 4 s, before their work is done.
  loading: { duration: Infinity },
  success: { iconTheme: { primary: '#2F855A', secondary: '#FFFFFF' } },
  style: {
    width: WIDTH,
    // The default bar caps itself at 350 px; on a 360 px phone the full width would overflow the screen.
    maxWidth: `min(${WIDTH}px, calc(100vw - ${2 * EDGE_OFFSET}px))`,
    background: 'var(--chakra-colors-bg-panel)',
    color: 'var(--chakra-colors-fg)',
    border: '1px solid var(--chakra-colors-border)',
    borderRadius: 12,
    boxShadow: '0 12px 32px -12px rgba(42, 12, 26, 0.35)',
    padding: '10px 8px 10px 12px',
    fontSize: 15,
    lineHeight: 1.4,
  },
};

const HOST_ID = 'app-notifications';

/**
 * The toaster's own element, a direct child of <body> beside the app root. An open modal dialog hides every other
 * child of <body> from screen readers (aria-hidden); Ark's hide-others step, like react-aria's, leaves elements
 * marked `data-live-announcer` alone, so toasts shown over a dialog are still announced.
 */
export function toasterHost(): HTMLElement {
  let host = document.getElementById(HOST_ID);
  if (!host) {
    host = document.createElement('div');
    host.id = HOST_ID;
    host.setAttribute('data-live-announcer', 'true');
    document.body.append(host);
  }
  return host;
}

function isInToaster(target: EventTarget | null): boolean {
  return target instanceof Node && (document.getElementById(HOST_ID)?.contains(target) ?? false);
}

/**
 * Spread on every modal Dialog or Drawer root, so the toasts above it stay usable: clicking or focusing a toast is
 * not an interaction outside the dialog (which would close it), and Escape on a focused toast dismisses the toast,
 * not the dialog.
 */
export const toastFriendlyDialogProps = {
  persistentElements: [toasterHost],
  onEscapeKeyDown(event: KeyboardEvent) {
    if (isInToaster(event.target)) event.preventDefault();
  },
};

function isModalDialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * How far above the screen's bottom edge the toasts start: the usual offset, or, when the open dialog's button row
 * lies under where they would stack (a dialog filling a phone's screen), just above that row, so a toast never
 * covers the dialog's Cancel and Submit while it shows.
 */
function bottomOffset(): number {
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  const footer = dialogs[dialogs.length - 1]?.querySelector('.chakra-dialog__footer, .chakra-drawer__footer');
  if (!footer) return EDGE_OFFSET;
  const row = footer.getBoundingClientRect();
  const stripLeft = window.innerWidth - EDGE_OFFSET - Math.min(WIDTH, window.innerWidth - 2 * EDGE_OFFSET);
  const underTheStrip = row.right > stripLeft && row.top < window.innerHeight - EDGE_OFFSET && row.height > 0;
  return underTheStrip ? Math.max(EDGE_OFFSET, window.innerHeight - row.top + GUTTER / 2) : EDGE_OFFSET;
}

function isToastHotkey(event: KeyboardEvent): boolean {
  // `code`, not `key`: Alt+T types "†" on macOS keyboards.
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT';
}

/**
 * The app's single toast outlet, built on react-hot-toast's headless `useToaster` so that it can do what the
 * stock <Toaster> cannot: keep at most three toasts (the oldest is dismissed), pause while a toast has keyboard
 * focus, jump to the newest toast with Alt+T, dismiss the focused one with Escape and dismiss by swiping right.
 * It renders into its own element outside the app root (see `toasterHost`).
 */
export function AppToaster() {
  // Its element is made in the browser: nothing to draw before (toasts only follow what the visitor does).
  return useHydrated() ? <Toaster /> : null;
}

function Toaster() {
  const [host] = useState(toasterHost);
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  const { pausedAt } = useToasterStore();
  const elements = useRef(new Map<string, HTMLElement>());
  const region = useRef<HTMLElement>(null);
  const focusBeforeHotkey = useRef<HTMLElement | null>(null);
  const releaseTrap = useRef<(() => void) | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const wantPause = hovered || focused;
  const [bottom, setBottom] = useState(EDGE_OFFSET);
  const showing = toasts.some((t) => t.visible);

  useLayoutEffect(() => {
    // Measured while toasts show: when they appear, when a dialog opens or closes, when the screen turns.
    if (!showing) return;
    const place = () => setBottom(bottomOffset());
    place();
    const dialogs = new MutationObserver(place);
    dialogs.observe(document.body, { childList: true, subtree: true, attributeFilter: ['aria-modal', 'data-state'] });
    addEventListener('resize', place);
    return () => {
      dialogs.disconnect();
      removeEventListener('resize', place);
    };
  }, [showing, toasts]);

  useEffect(() => {
    // Reconciled against the store's committed state: the library's pause handlers read `pausedAt` from the last
    // render, so calling them straight from quick enter/leave events can end a pause twice and corrupt timers.
    if (wantPause && pausedAt === undefined) handlers.startPause();
    else if (!wantPause && pausedAt !== undefined) handlers.endPause();
  }, [wantPause, pausedAt, handlers]);

  useEffect(() => {
    // New toasts come first in the store, so everything after the first three visible ones is older.
    const visible = toasts.filter((t) => t.visible);
    visible.slice(MAX_VISIBLE).forEach((t) => toast.dismiss(t.id));
    // A success answers the errors before it (the form was fixed, the retry went through): an error left beside it
    // would contradict it.
    const latestSuccess = visible.findIndex((t) => t.type === 'success');
    if (latestSuccess >= 0) {
      visible
        .slice(latestSuccess + 1)
        .filter((t) => t.type === 'error')
        .forEach((t) => toast.dismiss(t.id));
    }
  }, [toasts]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isToastHotkey(event)) return;
      const newest = toasts.find((t) => t.visible);
      const element = newest ? elements.current.get(newest.id) : undefined;
      if (!element) return;
      event.preventDefault();
      if (element.contains(document.activeElement)) return;
      if (region.current?.contains(document.activeElement)) {
        // From an older toast to the newest: where to go back to is already known.
        element.focus();
        return;
      }
      focusBeforeHotkey.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (region.current && isModalDialogOpen()) {
        // The dialog's focus trap would pull focus straight back. Zag's traps stack: this one pauses the dialog's
        // until it is released (Escape on the toast, a click elsewhere), then the dialog's resumes and focus goes
        // back to where it was.
        // Loaded here, not with the page: only a modal dialog needs it, and the dialog's own code has already
        // loaded the same module, so this resolves at once (the landing page's budget).
        const host = region.current;
        void import('@zag-js/focus-trap').then(({ trapFocus }) => {
          if (!element.isConnected) return;
          releaseTrap.current?.();
          releaseTrap.current = trapFocus(host, {
            initialFocus: element,
            clickOutsideDeactivates: true,
            returnFocusOnDeactivate: true,
            onDeactivate: () => {
              releaseTrap.current = null;
            },
          });
        });
      } else {
        element.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toasts]);

  useEffect(() => () => releaseTrap.current?.(), []);

  const register = useCallback((id: string, element: HTMLElement | null) => {
    if (element) elements.current.set(id, element);
    else elements.current.delete(id);
  }, []);

  const dismiss = useCallback((id: string) => {
    const element = elements.current.get(id);
    const hadFocus = element?.contains(document.activeElement) ?? false;
    toast.dismiss(id);
    if (!hadFocus) return;
    const target = focusBeforeHotkey.current;
    focusBeforeHotkey.current = null;
    if (releaseTrap.current) {
      releaseTrap.current();
      return;
    }
    if (target?.isConnected) target.focus();
    // Nothing focusable to go back to (the hotkey was pressed on the page itself): leave the closing toast.
    if (element?.contains(document.activeElement)) element.blur();
  }, []);

  return createPortal(
    <section
      ref={region}
      aria-label="Notifications (Alt+T)"
      // A zero-height strip at the bottom right that the toasts stack up from: it covers nothing of the page, so it
      // neither catches clicks nor hides the page from contrast checkers.
      style={{
        position: 'fixed',
        right: EDGE_OFFSET,
        bottom,
        width: `min(${WIDTH}px, calc(100vw - ${2 * EDGE_OFFSET}px))`,
        height: 0,
        zIndex: 9999,
        pointerEvents: 'none',
      }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {toasts.map((t) => (
        <ToastItem
          key={t.id}
          toast={t}
          offset={handlers.calculateOffset(t, { gutter: GUTTER, defaultPosition: 'bottom-right' })}
          onHeight={handlers.updateHeight}
          register={register}
          onDismiss={dismiss}
        />
      ))}
    </section>,
    host,
  );
}

type ToastItemProps = {
  toast: Toast;
  offset: number;
  onHeight(id: string, height: number): void;
  register(id: string, element: HTMLElement | null): void;
  onDismiss(id: string): void;
};

function ToastItem({ toast: t, offset, onHeight, register, onDismiss }: ToastItemProps) {
  const [swipe, setSwipe] = useState(0);
  const swipeStart = useRef<{ x: number; at: number } | null>(null);

  const measure = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return undefined;
      const update = () => onHeight(t.id, element.getBoundingClientRect().height);
      update();
      const observer = new MutationObserver(update);
      observer.observe(element, { subtree: true, childList: true, characterData: true });
      return () => observer.disconnect();
    },
    [t.id, onHeight],
  );

  const focusable = useCallback((element: HTMLDivElement | null) => register(t.id, element), [t.id, register]);

  function onKeyDown(event: ReactKeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss(t.id);
    }
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    swipeStart.current = { x: event.clientX, at: Date.now() };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event: ReactPointerEvent) {
    if (swipeStart.current) setSwipe(Math.max(0, event.clientX - swipeStart.current.x));
  }

  function onPointerUp(event: ReactPointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const distance = Math.max(0, event.clientX - start.x);
    const velocity = distance / Math.max(1, Date.now() - start.at);
    if (distance >= SWIPE_DISTANCE || velocity > SWIPE_VELOCITY) onDismiss(t.id);
    else setSwipe(0);
  }

  const wrapperStyle: CSSProperties = {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    display: 'flex',
    justifyContent: 'flex-end',
    transform: `translateY(${-offset}px)`,
    transition: 'transform 230ms cubic-bezier(.21,1.02,.73,1)',
    zIndex: t.visible ? 9999 : undefined,
  };

  return (
    <div ref={measure} style={wrapperStyle}>
      <div
        ref={focusable}
        tabIndex={-1}
        data-toast-id={t.id}
        data-visible={t.visible}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
          setSwipe(0);
        }}
        style={{
          pointerEvents: t.visible ? 'auto' : 'none',
          borderRadius: 12,
          outlineOffset: 2,
          touchAction: 'pan-y',
          transform: swipe ? `translateX(${swipe}px)` : undefined,
          opacity: swipe ? Math.max(0.2, 1 - swipe / 150) : undefined,
        }}
      >
        <ToastBar toast={t} position="bottom-right">
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {t.type !== 'loading' && (
                <CloseButton
                  size="2xs"
                  variant="ghost"
                  colorPalette="gray"
                  aria-label="Dismiss notification"
                  onClick={() => onDismiss(t.id)}
                />
              )}
            </>
          )}
        </ToastBar>
      </div>
    </div>
  );
}
