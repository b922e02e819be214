import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate, todayInIndia } from '../../src/shared/dates';
import { adminHandlers, booking, openAdmin, page, toasts, uuid } from './admin-fixtures';
import { userFor } from './fixtures';
import { bookingMenu, CATALOGUE, DISHES, savedMenu } from './menu-fixtures';
import { recordedCalls, server, trpcHandler, TrpcTestError, type TrpcResolver } from './msw';
import { renderApp } from './render';

const ID = uuid('b', 2);
const MENU_PATH = `/admin/bookings/${ID}/menu`;
/** A freeze date already passed: the customer can no longer change the menu, our team still can. */
const FROZEN_ON = addDays(todayInIndia(), -3);
const CANCELLED = 'This booking is cancelled: its menu can no longer be changed';

/** The dashboard with one booking in Recent Bookings and its Booking Details dialog open. */
async function openBookingDetails(shown: ReturnType<typeof booking>, handlers: Record<string, TrpcResolver>) {
  const view = await openAdmin({
    'admin.bookings.list': () => page([shown]),
    'admin.bookings.get': () => shown,
    'menus.catalogue': () => CATALOGUE,
    ...handlers,
  });
  await view.user.click(screen.getByRole('button', { name: `View ${shown.event_name}` }));
  return { ...view, dialog: within(await screen.findByRole('dialog', { name: 'Booking Details' })) };
}

/** The team's menu page of booking 2, signed in as an admin. */
async function openMenuPage(handlers: Record<string, TrpcResolver>) {
  server.use(...adminHandlers({ 'menus.catalogue': () => CATALOGUE, ...handlers }));
  const view = renderApp({ path: MENU_PATH, token: 'token-for-admin' });
  await screen.findByRole('heading', { level: 1, name: 'Menu: Sharma Sangeet' });
  return view;
}

function saveBar() {
  return screen.getByRole('button', { name: 'Save menu' });
}

/** A menu that cannot change offers no save at all: the page already says why (docs/product.md#menus). */
function expectNoSaveBar() {
  expect(screen.queryByRole('button', { name: 'Save menu' })).toBeNull();
}

describe("Booking Details' menu", () => {
  it('shows the guests by diet and the dishes by course, and Edit menu opens the builder for our team', async () => {
    const menu = savedMenu(
      ID,
      { veg: 90, jain: 30, non_veg: 0 },
      [DISHES.jainStarter, DISHES.vegStarter, DISHES.jainMain, DISHES.counter],
      { allergy_notes: 'Two guests allergic to peanuts' },
    );
    const { user, dialog, currentPath } = await openBookingDetails(booking(2, { status: 'confirmed' }), {
      'admin.menus.bookingMenu': () => menu,
    });

    const section = within(dialog.getByRole('heading', { name: 'Menu' }).parentElement!);
    expect(await section.findByText('Veg guests 90 · Jain guests 30 · Non-veg guests 0')).toBeInTheDocument();
    expect(section.getByText('Jain Paneer Tikka, Hara Bhara Kebab')).toBeInTheDocument();
    expect(section.getByText('Live Jalebi Counter (add-on)')).toBeInTheDocument();
    expect(section.getByText('Two guests allergic to peanuts')).toBeInTheDocument();
    expect(recordedCalls('admin.menus.bookingMenu').map((call) => call.input)).toEqual([{ id: ID }]);

    await user.click(section.getByRole('link', { name: 'Edit menu' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu: Sharma Sangeet' })).toBeInTheDocument();
    expect(currentPath()).toBe(MENU_PATH);
    expect(screen.getByRole('checkbox', { name: 'Jain Paneer Tikka' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Jain guests' })).toHaveValue('30');
  });

  it('an inquiry has no menu section: its menu is chosen once it is quoted', async () => {
    const { dialog } = await openBookingDetails(booking(2, { status: 'inquiry' }), {});
    expect(await dialog.findByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(dialog.queryByRole('heading', { name: 'Menu' })).toBeNull();
    expect(recordedCalls('admin.menus.bookingMenu')).toEqual([]);
  });

  it("a cancelled booking's menu says why it cannot change and opens only to read", async () => {
    const menu = savedMenu(ID, { veg: 120, jain: 0, non_veg: 0 }, [DISHES.vegStarter], {
      status: 'cancelled',
      editable: false,
      edit_refusal: CANCELLED,
    });
    const { user, dialog } = await openBookingDetails(booking(2, { status: 'cancelled' }), {
      'admin.menus.bookingMenu': () => menu,
    });

    const section = within(dialog.getByRole('heading', { name: 'Menu' }).parentElement!);
    expect(await section.findByText(CANCELLED)).toBeInTheDocument();
    expect(section.queryByRole('link', { name: 'Edit menu' })).toBeNull();
    await user.click(section.getByRole('link', { name: 'View menu' }));

    // The page is its own chunk: until it is in, the dashboard (reason and all) is only hidden.
    await screen.findByRole('heading', { level: 1, name: 'Menu: Sharma Sangeet' });
    expect(screen.getByRole('status')).toHaveTextContent(CANCELLED);
    expect(screen.getByRole('checkbox', { name: 'Hara Bhara Kebab' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Veg guests' })).toBeDisabled();
    expectNoSaveBar();
  });
});

describe("the team's menu page (/admin/bookings/:id/menu)", () => {
  it("checks the menu with the customer's rules and messages and saves it through the team's call", async () => {
    const saved = savedMenu(
      ID,
      { veg: 90, jain: 30, non_veg: 0 },
      [DISHES.jainStarter, DISHES.vegStarter, DISHES.jainMain, DISHES.counter],
      { allergy_notes: 'Two guests allergic to peanuts' },
    );
    const { user } = await openMenuPage({
      'admin.menus.bookingMenu': () => bookingMenu(ID),
      'admin.menus.saveBookingMenu': () => ({ message: 'Menu saved: the total is now ₹1,34,000', menu: saved }),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Guests' })).toBeInTheDocument();
    expect(screen.getByText(/Split the 120 guests by diet/)).toBeInTheDocument();

    const jain = screen.getByRole('textbox', { name: 'Jain guests' });
    await user.clear(jain);
    await user.type(jain, '30');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Veg, Jain and non-veg guests must add up to the guest count (120); they add up to 150',
    );
    const veg = screen.getByRole('textbox', { name: 'Veg guests' });
    await user.clear(veg);
    await user.type(veg, '90');

    for (const name of ['Jain Paneer Tikka', 'Hara Bhara Kebab', 'Dahi Ke Kebab']) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    expect(screen.getByTestId('allowance-starters')).toHaveTextContent('3 of 2 included');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Starters: the Basic package includes 2, 3 chosen; remove 1 or choose an add-on',
    );
    expect(saveBar()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Dahi Ke Kebab' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dal Makhani' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Mains: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Dal Makhani' }));
    await user.click(screen.getByRole('checkbox', { name: 'Jain Dal Tadka' }));
    await user.click(screen.getByRole('checkbox', { name: 'Live Jalebi Counter' }));
    await user.type(screen.getByRole('textbox', { name: /Allergies/ }), 'Two guests allergic to peanuts');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await user.click(saveBar());
    await waitFor(() => expect(recordedCalls('admin.menus.saveBookingMenu')).toHaveLength(1));
    expect(recordedCalls('admin.menus.saveBookingMenu')[0]?.input).toEqual({
      id: ID,
      guests: { veg: 90, jain: 30, non_veg: 0 },
      dish_ids: [DISHES.jainStarter.id, DISHES.vegStarter.id, DISHES.jainMain.id, DISHES.counter.id],
      allergy_notes: 'Two guests allergic to peanuts',
      setup_notes: '',
    });
    expect(recordedCalls('menus.saveMine')).toEqual([]);
    expect(await toasts().findByText('Menu saved: the total is now ₹1,34,000')).toBeInTheDocument();
  });

  it('lists each rule the server refuses (422) beside the save', async () => {
    const problem = 'Starters: add a dish the Jain guests can eat (Jain guests are served only Jain dishes)';
    const { user } = await openMenuPage({
      'admin.menus.bookingMenu': () => bookingMenu(ID),
      'admin.menus.saveBookingMenu': () => {
        throw new TrpcTestError('BAD_REQUEST', problem, {
          issues: [{ loc: ['body', 'courses', 'starters'], msg: problem, type: 'menu_rule' }],
        });
      },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Hara Bhara Kebab' }));
    await user.click(saveBar());
    expect(await screen.findByRole('alert')).toHaveTextContent(problem);
    expect(await toasts().findByText(problem)).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the booking's state (409) and reads the menu again", async () => {
    let reads = 0;
    const { user } = await openMenuPage({
      'admin.menus.bookingMenu': () => {
        reads += 1;
        return reads === 1
          ? bookingMenu(ID)
          : bookingMenu(ID, { status: 'cancelled', editable: false, edit_refusal: CANCELLED });
      },
      'admin.menus.saveBookingMenu': () => {
        throw new TrpcTestError('CONFLICT', CANCELLED);
      },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Hara Bhara Kebab' }));
    await user.click(saveBar());

    expect(await toasts().findByText(CANCELLED)).toBeInTheDocument();
    // The menu read again says so at the top and offers no save, nor the refusal beside one.
    await waitFor(expectNoSaveBar);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('status').map((element) => element.textContent)).toContain(CANCELLED);
    expect(screen.getByRole('checkbox', { name: 'Hara Bhara Kebab' })).toBeDisabled();
    expect(recordedCalls('admin.menus.bookingMenu').length).toBeGreaterThanOrEqual(2);
  });

  it('says when the menu is frozen for the customer, since only our team changes it then', async () => {
    await openMenuPage({
      'admin.menus.bookingMenu': () => bookingMenu(ID, { freeze_date: FROZEN_ON }),
    });
    expect(screen.getByText(/Frozen for the customer since/)).toHaveTextContent(
      `Basic package · 120 guests · Frozen for the customer since ${formatLongDate(FROZEN_ON)}: only our team ` +
        'changes it now',
    );
    expect(saveBar()).toBeEnabled();
  });

  it("opens a completed booking's menu to read: the reason at the top, no save bar", async () => {
    const completed = 'This booking is completed: its menu can no longer be changed';
    await openMenuPage({
      'admin.menus.bookingMenu': () =>
        savedMenu(ID, { veg: 90, jain: 30, non_veg: 0 }, [DISHES.jainStarter, DISHES.jainMain], {
          status: 'completed',
          editable: false,
          edit_refusal: completed,
        }),
    });
    expect(screen.getByRole('status')).toHaveTextContent(completed);
    expect(screen.getByRole('checkbox', { name: 'Jain Paneer Tikka' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Jain Paneer Tikka' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Allergies/ })).toBeDisabled();
    expectNoSaveBar();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is for our team only: a customer is told so and no booking is read', async () => {
    server.use(trpcHandler('auth.me', () => userFor('customer')));
    renderApp({ path: MENU_PATH, token: 'token-for-customer' });
    expect(await screen.findByText(/This page is for our team/)).toBeInTheDocument();
    expect(recordedCalls('admin.menus.bookingMenu')).toEqual([]);
  });
});
