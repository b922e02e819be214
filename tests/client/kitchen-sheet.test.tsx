import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { KitchenSheetDto } from '../../src/shared/schemas/menus';
import { adminHandlers, uuid } from './admin-fixtures';
import { recordedCalls, server } from './msw';
import { renderApp } from './render';

function sheetFor(date: string): KitchenSheetDto {
  return {
    date,
    buffer_percent: 5,
    events: [
      {
        booking_id: uuid('b', 1),
        reference: 'ABCD1234',
        event_name: 'Sharma Sangeet',
        event_time: '7 PM',
        venue: 'Lalbagh Palace',
        status: 'confirmed',
        guests: { veg: 180, jain: 50, non_veg: 20 },
      },
    ],
    dishes: [
      {
        dish_id: uuid('q', 1),
        name: 'Dal Bafla',
        course: 'mains',
        diet: 'veg',
        diet_mark: '●',
        allergens: ['gluten'],
        unit: 'kg',
        yield_per_100: 12,
        eaters: 230,
        quantity: 29,
        per_event: [{ booking_id: uuid('b', 1), eaters: 230, quantity: 29 }],
      },
    ],
  };
}

describe('the production sheet (/admin/kitchen)', () => {
  it('opens the day named in the address, lists each dish with its guests and quantity, and keeps a new day there', async () => {
    server.use(
      ...adminHandlers({
        'admin.menus.kitchenSheet': ({ input }) => sheetFor((input as { date: string }).date),
      }),
    );
    const { user, history } = renderApp({ path: '/admin/kitchen?day=2026-12-11', token: 'token-for-admin' });

    expect(await screen.findByRole('heading', { level: 1, name: /Production sheet: December 11th, 2026/ }));
    const table = within(await screen.findByRole('table', { name: 'Production sheet, December 11th, 2026' }));
    const cells = table.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Mains', expect.stringContaining('Dal Bafla'), '230', '29 kg']);
    expect(recordedCalls('admin.menus.kitchenSheet').map((call) => call.input)).toEqual([{ date: '2026-12-11' }]);

    const day = screen.getByRole('textbox', { name: /Day/ });
    await user.clear(day);
    await user.type(day, '2026-12-12');
    expect(await screen.findByRole('table', { name: 'Production sheet, December 12th, 2026' })).toBeInTheDocument();
    expect(history.at(-1)).toBe('/admin/kitchen?day=2026-12-12');
  });
});
