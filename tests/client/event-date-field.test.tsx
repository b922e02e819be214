import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EventDateField } from '../../src/client/components/event-date-field';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { renderWithProviders } from './render';

// The calendar's code arrives only when the test says so: until then the field is the stand-in drawn without it.
const gate = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../../src/client/components/event-date-picker', async (importOriginal) => {
  await gate.arrived;
  return importOriginal();
});

const submitted = vi.fn();

function Form() {
  const [value, setValue] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submitted(value);
      }}
    >
      <EventDateField value={value} onValueChange={setValue} min={todayInIndia()} />
      <button type="submit">Send</button>
    </form>
  );
}

const EVENT_DATE = addDays(todayInIndia(), 30);
const typed = (isoDate: string) => isoDate.split('-').reverse().join('/');
const dateInput = () => screen.getByLabelText(/^Event Date/);
const calendarCode = () => document.querySelector('[data-scope="date-picker"][data-part="root"][id]');

describe('the event date before the calendar code has arrived', () => {
  it('is the same field, keeps what was typed, does not submit on Enter, and commits the date once the calendar is there', async () => {
    const { user } = renderWithProviders(<Form />);
    const standIn = dateInput();
    expect(calendarCode()).toBeNull();
    expect(standIn).toBeRequired();
    expect(standIn).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(standIn).toHaveAccessibleDescription('Past dates are not available.');
    expect(screen.getByRole('button', { name: 'Open calendar' })).toHaveAttribute('aria-haspopup', 'grid');

    await user.click(standIn);
    await user.keyboard(`${typed(EVENT_DATE)}{Enter}`);
    expect(standIn).toHaveValue(typed(EVENT_DATE));
    expect(submitted).not.toHaveBeenCalled();

    gate.release();
    await waitFor(() => expect(calendarCode()).not.toBeNull());
    expect(await screen.findByText(formatLongDate(EVENT_DATE))).toBeInTheDocument();
    expect(dateInput()).not.toBe(standIn);
    await waitFor(() => expect(dateInput()).toHaveValue(typed(EVENT_DATE)));
    expect(dateInput()).toHaveFocus();
    expect(submitted).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submitted).toHaveBeenCalledWith(EVENT_DATE);
  });
});
