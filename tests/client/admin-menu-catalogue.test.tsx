import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU_RULES } from '../../src/shared/menu';
import type { DishDto } from '../../src/shared/schemas/menus';
import { toasts } from './admin-fixtures';
import { userFor } from './fixtures';
import { recordedCalls, server, TrpcTestError, trpcHandler } from './msw';
import { renderApp } from './render';

/* `/admin/menu`: the admin's dish catalogue and the items per course of each package (docs/product.md#menus). */

const PANEER: DishDto = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Paneer Tikka',
  course: 'starters',
  diet: 'veg',
  allergens: ['dairy'],
  region: 'north_indian',
  description: 'Charred cottage cheese',
  photo_url: null,
  active: true,
  sort_order: 1,
  add_on_price: null,
  yield_per_100: 8,
  yield_unit: 'kg',
  staff_per_counter: 0,
};
const DHOKLA: DishDto = {
  ...PANEER,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Khaman Dhokla',
  diet: 'jain',
  allergens: [],
  region: 'gujarati',
  description: null,
  sort_order: 2,
  yield_per_100: 6,
};
const CHICKEN: DishDto = {
  ...PANEER,
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Chicken 65',
  diet: 'non_veg',
  allergens: [],
  region: 'south_indian',
  active: false,
  sort_order: 3,
};
const CHAAT: DishDto = {
  ...PANEER,
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Chaat Counter',
  course: 'live_counters',
  diet: 'veg',
  allergens: ['gluten'],
  region: 'malwa',
  add_on_price: 120,
  yield_per_100: 100,
  yield_unit: 'pieces',
  staff_per_counter: 2,
  sort_order: 1,
};

function openCatalogue(dishes: DishDto[] = [PANEER, DHOKLA, CHICKEN, CHAAT]) {
  server.use(
    trpcHandler('auth.me', () => userFor('admin')),
    trpcHandler('admin.menus.dishes', () => dishes),
    trpcHandler('admin.menus.rules', () => ({ rules: DEFAULT_MENU_RULES, defaults: DEFAULT_MENU_RULES })),
  );
  return renderApp({ path: '/admin/menu', token: 'token-for-admin' });
}

const course = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('/admin/menu: the dish catalogue', () => {
  it('lists the dishes by course with diet, region, allergens, add-on price and retired ones marked', async () => {
    openCatalogue();
    expect(await screen.findByRole('heading', { name: 'Menu catalogue', level: 1 })).toBeInTheDocument();
    const starters = await waitFor(() => course('Starters'));
    const items = within(starters).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Paneer Tikka',
      'Khaman Dhokla',
      'Chicken 65',
    ]);
    expect(within(items[0]!).getByText('Veg')).toBeInTheDocument();
    expect(within(items[0]!).getByText('North Indian')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Allergens: Dairy/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('Jain')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Retired')).toBeInTheDocument();
    expect(within(course('Live counters')).getByText('Add-on ₹120 per guest')).toBeInTheDocument();
    expect(within(course('Soups')).getByText('No dishes in this course yet.')).toBeInTheDocument();
    expect(recordedCalls('admin.menus.dishes')[0]!.input).toEqual({ include_retired: true });
  });

  it('adds a dish: the fields say what is missing before anything is sent, then it is created', async () => {
    const { user } = openCatalogue();
    server.use(trpcHandler('admin.menus.createDish', ({ input }) => ({ ...PANEER, ...(input as object), id: 'x' })));
    await user.click(await screen.findByRole('button', { name: 'Add a dish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a dish' });
    await user.click(within(dialog).getByRole('button', { name: 'Add dish' }));
    expect(within(dialog).getByText('Dish name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a course')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a diet')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a region')).toBeInTheDocument();
    expect(within(dialog).getByText('Unit is kg, litres or pieces')).toBeInTheDocument();
    // An empty yield is missing, not a wrong number.
    expect(within(dialog).getByText('Yield per 100 guests is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Dish name/)).toHaveFocus();
    expect(recordedCalls('admin.menus.createDish')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Dish name/), 'Dal Bafla');
    await user.selectOptions(within(dialog).getByLabelText(/^Course/), 'Mains');
    await user.selectOptions(within(dialog).getByLabelText(/^Diet/), 'Jain');
    await user.selectOptions(within(dialog).getByLabelText(/^Region/), 'Malwa');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gluten' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dairy' }));
    await user.type(within(dialog).getByLabelText(/^Yield per 100 guests/), 'lots');
    await user.selectOptions(within(dialog).getByLabelText(/^Unit/), 'kg');
    await user.type(within(dialog).getByLabelText(/^Add-on price/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add dish' }));
    expect(within(dialog).getByText('Yield per 100 guests must be a number')).toBeInTheDocument();
    expect(within(dialog).getByText(/Add-on price must be above ₹0/)).toBeInTheDocument();
    expect(recordedCalls('admin.menus.createDish')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Yield per 100 guests/));
    await user.type(within(dialog).getByLabelText(/^Yield per 100 guests/), '12.5');
    await user.clear(within(dialog).getByLabelText(/^Add-on price/));
    await user.click(within(dialog).getByRole('button', { name: 'Add dish' }));
    await waitFor(() => expect(recordedCalls('admin.menus.createDish')).toHaveLength(1));
    expect(recordedCalls('admin.menus.createDish')[0]!.input).toEqual({
      name: 'Dal Bafla',
      course: 'mains',
      diet: 'jain',
      region: 'malwa',
      allergens: ['gluten', 'dairy'],
      description: null,
      photo_url: null,
      add_on_price: null,
      yield_per_100: 12.5,
      yield_unit: 'kg',
      staff_per_counter: 0,
      active: true,
    });
    expect(await toasts().findByText('Dal Bafla is on the catalogue.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a dish' })).not.toBeInTheDocument());
  });

  it("edits a dish, and shows the server's refusal of a name already taken", async () => {
    const { user } = openCatalogue();
    server.use(
      trpcHandler('admin.menus.updateDish', () => {
        throw new TrpcTestError('CONFLICT', 'A dish named "Khaman Dhokla" is already on the catalogue', {
          field: 'name',
        });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Paneer Tikka' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Paneer Tikka' });
    expect(within(dialog).getByLabelText(/^Dish name/)).toHaveValue('Paneer Tikka');
    expect(within(dialog).getByRole('checkbox', { name: 'Dairy' })).toBeChecked();
    await user.clear(within(dialog).getByLabelText(/^Dish name/));
    await user.type(within(dialog).getByLabelText(/^Dish name/), 'Khaman Dhokla');
    await user.click(within(dialog).getByRole('button', { name: 'Save dish' }));
    // Refused at the name, where it can be fixed.
    expect(
      await within(dialog).findByText('A dish named "Khaman Dhokla" is already on the catalogue'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Dish name/)).toHaveAttribute('aria-invalid', 'true');
    expect(recordedCalls('admin.menus.updateDish')[0]!.input).toMatchObject({
      id: PANEER.id,
      data: { name: 'Khaman Dhokla', course: 'starters', diet: 'veg', allergens: ['dairy'], yield_per_100: 8 },
    });
    expect(screen.getByRole('dialog', { name: 'Edit Paneer Tikka' })).toBeInTheDocument();
  });

  it('retires a dish and brings a retired one back', async () => {
    const { user } = openCatalogue();
    server.use(
      trpcHandler('admin.menus.updateDish', ({ input }) => {
        const { id, data } = input as { id: string; data: Partial<DishDto> };
        return { ...[PANEER, CHICKEN].find((dish) => dish.id === id)!, ...data };
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Retire Paneer Tikka' }));
    expect(await toasts().findByText('Paneer Tikka is retired.')).toBeInTheDocument();
    expect(recordedCalls('admin.menus.updateDish')[0]!.input).toMatchObject({
      id: PANEER.id,
      data: { name: 'Paneer Tikka', active: false },
    });
    await user.click(screen.getByRole('button', { name: 'Bring back Chicken 65' }));
    expect(await toasts().findByText('Chicken 65 is back on the menu.')).toBeInTheDocument();
    expect(recordedCalls('admin.menus.updateDish')[1]!.input).toMatchObject({ id: CHICKEN.id, data: { active: true } });
  });

  it('moves a dish within its course, sending the whole course in its new order', async () => {
    const { user } = openCatalogue();
    server.use(trpcHandler('admin.menus.reorder', () => [DHOKLA, PANEER, CHICKEN, CHAAT]));
    expect(await screen.findByRole('button', { name: 'Move Paneer Tikka up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Chicken 65 down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Paneer Tikka down' }));
    await waitFor(() => expect(recordedCalls('admin.menus.reorder')).toHaveLength(1));
    expect(recordedCalls('admin.menus.reorder')[0]!.input).toEqual({
      course: 'starters',
      dish_ids: [DHOKLA.id, PANEER.id, CHICKEN.id],
    });
  });
});

describe('/admin/menu: items per course', () => {
  it('checks every allowance at its field, then saves the rules', async () => {
    const { user } = openCatalogue();
    server.use(trpcHandler('admin.menus.updateRules', ({ input }) => ({ rules: input, defaults: DEFAULT_MENU_RULES })));
    const starters = await screen.findByLabelText('Luxury: Starters');
    expect(starters).toHaveValue('6');
    await user.clear(starters);
    await user.type(starters, '25');
    await user.clear(screen.getByLabelText('Kitchen buffer (%)'));
    await user.type(screen.getByLabelText('Kitchen buffer (%)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save menu rules' }));
    expect(screen.getByText('At most 20 items per course')).toBeInTheDocument();
    expect(screen.getByText('Buffer must be a whole percent')).toBeInTheDocument();
    expect(starters).toHaveFocus();
    expect(recordedCalls('admin.menus.updateRules')).toHaveLength(0);

    await user.clear(starters);
    await user.type(starters, '8');
    await user.clear(screen.getByLabelText('Kitchen buffer (%)'));
    await user.type(screen.getByLabelText('Kitchen buffer (%)'), '10');
    await user.click(screen.getByRole('button', { name: 'Save menu rules' }));
    await waitFor(() => expect(recordedCalls('admin.menus.updateRules')).toHaveLength(1));
    const sent = recordedCalls('admin.menus.updateRules')[0]!.input as typeof DEFAULT_MENU_RULES;
    expect(sent.allowances.luxury.starters).toBe(8);
    expect(sent.allowances.basic).toEqual(DEFAULT_MENU_RULES.allowances.basic);
    expect(sent.kitchen_buffer_percent).toBe(10);
    expect(await toasts().findByText('The menu rules are saved.')).toBeInTheDocument();
  });

  it('is for the team only: a customer sees no catalogue and no admin call goes out', async () => {
    server.use(trpcHandler('auth.me', () => userFor('customer')));
    renderApp({ path: '/admin/menu', token: 'token-for-customer' });
    expect(await screen.findByText('The menu catalogue is for our team.')).toBeInTheDocument();
    expect(recordedCalls().filter((call) => call.path.startsWith('admin.'))).toEqual([]);
  });
});
