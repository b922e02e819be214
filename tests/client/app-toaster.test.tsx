import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from './render';

function visibleToasts() {
  return Array.from(document.querySelectorAll('[data-toast-id][data-visible="true"]'));
}

describe('AppToaster', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps at most three toasts on screen, dismissing the oldest', async () => {
    renderWithProviders(<button type="button">Somewhere</button>);

    act(() => {
      for (const text of ['First', 'Second', 'Third', 'Fourth']) toast(text);
    });

    await waitFor(() => expect(visibleToasts()).toHaveLength(3));
    expect(visibleToasts().map((element) => element.textContent)).toEqual(['Fourth', 'Third', 'Second']);
    expect(screen.getByRole('region', { name: 'Notifications (Alt+T)' })).toBeInTheDocument();
    expect(screen.getByText('Fourth').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });

  it('clears the error toasts a later success answers, and keeps an error that came after it', async () => {
    renderWithProviders(<button type="button">Somewhere</button>);
    act(() => {
      toast('Saving your changes');
      toast.error('Please enter your phone number');
    });
    await waitFor(() => expect(visibleToasts()).toHaveLength(2));
    act(() => {
      toast.success('Your instant quote is ready! Check your email.');
    });
    await waitFor(() =>
      expect(visibleToasts().map((element) => element.textContent)).toEqual([
        'Your instant quote is ready! Check your email.',
        'Saving your changes',
      ]),
    );
    act(() => {
      toast.error('Failed to generate quote. Please try again.');
    });
    await waitFor(() => expect(visibleToasts()).toHaveLength(3));
    expect(screen.getByText('Failed to generate quote. Please try again.')).toBeInTheDocument();
  });

  it('renders outside the app root, in an element modal dialogs leave audible', async () => {
    const { container } = renderWithProviders(<p>Page</p>);
    act(() => {
      toast('Saved');
    });

    const region = await screen.findByRole('region', { name: 'Notifications (Alt+T)' });
    expect(container).not.toContainElement(region);
    // Ark's hide-others step (aria-hidden on everything but an open dialog) skips live announcers.
    expect(region.parentElement).toHaveAttribute('data-live-announcer', 'true');
    expect(region.parentElement?.parentElement).toBe(document.body);
  });

  it('Alt+T focuses the newest toast and Escape dismisses it, returning focus', async () => {
    const { user } = renderWithProviders(<button type="button">Somewhere</button>);
    const origin = screen.getByRole('button', { name: 'Somewhere' });
    origin.focus();

    act(() => {
      toast('Older');
      toast.success('Newest');
    });
    await screen.findByText('Newest');

    await user.keyboard('{Alt>}t{/Alt}');
    const newest = screen.getByText('Newest').closest<HTMLElement>('[data-toast-id]')!;
    expect(newest).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(newest).toHaveAttribute('data-visible', 'false'));
    expect(visibleToasts().map((element) => element.textContent)).toEqual(['Older']);
    expect(origin).toHaveFocus();
  });

  it('shows a success toast for 4 seconds, not the library default of 2', () => {
    vi.useFakeTimers();
    renderWithProviders(<p>Page</p>);

    act(() => {
      toast.success('Saved');
    });
    act(() => vi.advanceTimersByTime(3_900));
    expect(visibleToasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(visibleToasts()).toHaveLength(0);
  });

  it('keeps a loading toast until its work finishes', () => {
    vi.useFakeTimers();
    renderWithProviders(<p>Page</p>);

    act(() => {
      toast.loading('Sending…');
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(visibleToasts()).toHaveLength(1);
  });

  it('has a dismiss button on each toast', async () => {
    const { user } = renderWithProviders(<p>Page</p>);
    act(() => {
      toast.error('Could not save');
    });

    await user.click(await screen.findByRole('button', { name: 'Dismiss notification' }));

    await waitFor(() => expect(visibleToasts()).toHaveLength(0));
  });

  it('does not time out a toast while it has keyboard focus', () => {
    vi.useFakeTimers();
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast('Read me slowly');
    });

    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    expect(screen.getByText('Read me slowly').closest('[data-toast-id]')).toHaveFocus();
    act(() => vi.advanceTimersByTime(10_000));
    expect(visibleToasts()).toHaveLength(1);

    act(() => (document.activeElement as HTMLElement).blur());
    act(() => vi.advanceTimersByTime(4_100));
    expect(visibleToasts()).toHaveLength(0);
  });

  it('dismisses a toast swiped 45 px right or flicked fast, and keeps one nudged slowly', () => {
    vi.useFakeTimers();
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast('Swipe me', { duration: Infinity });
    });
    const item = screen.getByText('Swipe me').closest<HTMLElement>('[data-toast-id]')!;

    function swipe(distance: number, milliseconds: number) {
      fireEvent.pointerDown(item, { button: 0, clientX: 100, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 100 + distance, pointerId: 1 });
      act(() => vi.advanceTimersByTime(milliseconds));
      fireEvent.pointerUp(item, { clientX: 100 + distance, pointerId: 1 });
    }

    swipe(40, 1_000);
    expect(item).toHaveAttribute('data-visible', 'true');
    swipe(45, 1_000);
    expect(item).toHaveAttribute('data-visible', 'false');

    act(() => {
      toast('Flick me', { duration: Infinity });
    });
    const flicked = screen.getByText('Flick me').closest<HTMLElement>('[data-toast-id]')!;
    fireEvent.pointerDown(flicked, { button: 0, clientX: 100, pointerId: 2 });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerUp(flicked, { clientX: 120, pointerId: 2 });
    expect(flicked).toHaveAttribute('data-visible', 'false');
  });
});
