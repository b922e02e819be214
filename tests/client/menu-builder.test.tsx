import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/shared/dates';
import { DEFAULT_MENU_RULES, menuEditRefusal } from '../../src/shared/menu';
import { userFor } from './fixtures';
import { bookingMenu, CATALOGUE, DISHES, savedMenu } from './menu-fixtures';
import { recordedCalls, server, trpcHandler, TrpcTestError, type TrpcResolver } from './msw';
import { renderApp } from './render';

const ID = '00000000-0000-4000-8000-000000000042';

/** The customer's menu page of their booking, signed in as the customer. */
async function openMenu(handlers: Record<string, TrpcResolver>) {
  server.use(
    trpcHandler('auth.me', () => userFor('customer')),
    trpcHandler('menus.catalogue', () => CATALOGUE),
    ...Object.entries(handlers).map(([path, resolver]) => trpcHandler(path, resolver)),
  );
  const view = renderApp({ path: `/bookings/${ID}/menu`, token: 'token-for-customer' });
  await screen.findByRole('heading', { level: 1, name: 'Your menu: Sharma Sangeet' });
  return view;
}

describe("the customer's menu (/bookings/:id/menu)", () => {
  it('checks the menu with the shared rules as the customer chooses and saves it through their own call', async () => {
    const menu = bookingMenu(ID);
    const saved = savedMenu(ID, { veg: 90, jain: 30, non_veg: 0 }, [DISHES.jainStarter, DISHES.jainMain]);
    const { user } = await openMenu({
      'menus.mine': () => menu,
      'menus.saveMine': () => ({ message: 'Menu saved', menu: saved }),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Your guests' })).toBeInTheDocument();
    expect(screen.getByText(/Split your 120 guests by diet/)).toBeInTheDocument();
    expect(screen.getByText(/You can change the menu until/)).toHaveTextContent(
      `You can change the menu until ${formatLongDate(menu.freeze_date!)} (not on that day)`,
    );

    const jain = screen.getByRole('textbox', { name: 'Jain guests' });
    await user.clear(jain);
    await user.type(jain, '30');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Veg, Jain and non-veg guests must add up to the guest count (120); they add up to 150',
    );
    const veg = screen.getByRole('textbox', { name: 'Veg guests' });
    await user.clear(veg);
    await user.type(veg, '90');
    await user.click(screen.getByRole('checkbox', { name: 'Jain Paneer Tikka' }));
    await user.click(screen.getByRole('checkbox', { name: 'Jain Dal Tadka' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Save menu' }));
    await waitFor(() => expect(recordedCalls('menus.saveMine')).toHaveLength(1));
    expect(recordedCalls('menus.saveMine')[0]?.input).toEqual({
      id: ID,
      guests: { veg: 90, jain: 30, non_veg: 0 },
      dish_ids: [DISHES.jainStarter.id, DISHES.jainMain.id],
      allergy_notes: '',
      setup_notes: '',
    });
    expect(recordedCalls().some((call) => call.path.startsWith('admin.'))).toBe(false);
  });

  it('lists each rule the server refuses beside the save, and says when the guest count moved the split', async () => {
    const problem = 'Starters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)';
    const { user } = await openMenu({
      'menus.mine': () =>
        savedMenu(ID, { veg: 90, jain: 30, non_veg: 0 }, [DISHES.jainStarter, DISHES.jainMain], {
          guests_need_review: true,
        }),
      'menus.saveMine': () => {
        throw new TrpcTestError('BAD_REQUEST', problem, {
          issues: [{ loc: ['body', 'courses', 'starters'], msg: problem, type: 'menu_rule' }],
        });
      },
    });
    expect(
      screen.getByText(
        'Your guest count changed to 120, so we moved the difference to veg guests. Please check the split and save ' +
          'your menu.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Hara Bhara Kebab' }));
    await user.click(screen.getByRole('button', { name: 'Save menu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(problem);
  });

  it('leaves room at the foot of the page for the sticky save bar while it shows, and none once it goes', async () => {
    const view = await openMenu({ 'menus.mine': () => bookingMenu(ID) });
    await screen.findByRole('button', { name: 'Save menu' });
    await waitFor(() => expect(document.documentElement.style.scrollPaddingBottom).toMatch(/^\d+(\.\d+)?px$/));
    view.unmount();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });

  it('a frozen menu opens to read: the reason at the top, no save bar', async () => {
    const menu = savedMenu(ID, { veg: 90, jain: 30, non_veg: 0 }, [DISHES.jainStarter, DISHES.jainMain]);
    const frozen = menuEditRefusal(
      { status: 'confirmed', eventDate: menu.event_date },
      'customer',
      DEFAULT_MENU_RULES,
      menu.freeze_date!,
    )!;
    await openMenu({
      'menus.mine': () => ({
        ...menu,
        editable: false,
        edit_refusal: frozen,
      }),
    });
    expect(screen.getByRole('status')).toHaveTextContent(frozen);
    expect(screen.queryByText(/You can change the menu until/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Jain guests' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Jain Dal Tadka' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save menu' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
  });
});
