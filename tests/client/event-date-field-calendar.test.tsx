import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EventDateField } from '../../src/client/components/event-date-field';
import { formatLongDate, todayInIndia } from '../../src/shared/dates';
import { renderWithProviders } from './render';

// As in event-date-field.test.tsx: the calendar's code arrives only when the test says so.
const gate = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../../src/client/components/event-date-picker', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

function Field() {
  const [value, setValue] = useState('');
  return <EventDateField value={value} onValueChange={setValue} min={todayInIndia()} />;
}

describe('the calendar button before the calendar code has arrived', () => {
  it('opens the calendar once the code is there, on today, with the keyboard in the grid', async () => {
    const { user } = renderWithProviders(<Field />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    expect(document.querySelector('[data-scope="date-picker"][data-part="content"]')).toBeNull();

    gate.release();
    const today = todayInIndia();
    await waitFor(() =>
      expect(document.querySelector(`[data-part="table-cell-trigger"][data-value="${today}"]`)).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: 'Close calendar' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Enter}');
    expect(await screen.findByText(formatLongDate(today))).toBeInTheDocument();
  });
});
