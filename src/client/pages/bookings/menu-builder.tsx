import { Badge, Box, Button, Checkbox, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { formatLongDate } from '../../../shared/dates';
import { humanize } from '../../../shared/domain';
import {
  COURSE_LABELS,
  COURSES,
  DIET_LABELS,
  GUEST_DIET_LABELS,
  GUEST_DIETS,
  menuProblems,
  REGION_LABELS,
  REGIONS,
  type Diet,
  type GuestDiet,
  type Region,
} from '../../../shared/menu';
import { formatInr } from '../../../shared/money';
import type { BookingMenuDto, DishDto, MenuCatalogueDto, SaveMenuInput } from '../../../shared/schemas/menus';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { refreshBooking } from './refresh-booking';

const DIET_COLORS: Record<Diet, string> = {
  jain: 'orange',
  vegan: 'teal',
  veg: 'green',
  egg: 'yellow',
  non_veg: 'red',
};

type DietFilter = 'all' | 'jain' | 'veg' | 'non_veg';
const DIET_FILTERS: Record<DietFilter, { label: string; diets: readonly Diet[] }> = {
  all: { label: 'All diets', diets: ['jain', 'vegan', 'veg', 'egg', 'non_veg'] },
  jain: { label: 'Jain only', diets: ['jain'] },
  veg: { label: 'Vegetarian', diets: ['jain', 'vegan', 'veg'] },
  non_veg: { label: 'Egg and non-veg', diets: ['egg', 'non_veg'] },
};

function DietBadge({ diet }: { diet: Diet }) {
  return (
    <Badge colorPalette={DIET_COLORS[diet]} variant="subtle" size="sm">
      {DIET_LABELS[diet]}
    </Badge>
  );
}

function Panel({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      px={{ base: '4', md: '6' }}
      py="5"
    >
      <Heading id={id} as="h2" size="md" color="accent.900" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function DishOption({
  dish,
  checked,
  disabled,
  onToggle,
}: {
  dish: DishDto;
  checked: boolean;
  disabled: boolean;
  onToggle(checked: boolean): void;
}) {
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(event) => onToggle(event.checked === true)}
      alignItems="flex-start"
      gap="3"
      p="3"
      minH="11"
      borderWidth="1px"
      borderColor={checked ? 'accent.500' : 'border'}
      rounded="xl"
      w="full"
    >
      {/*
        The input stays hidden but covers the whole card: a browser scrolling the focused input into view then
        brings the whole dish (its box, name and price) into view, not only the corner the input would sit in.
      */}
      <Checkbox.HiddenInput style={{ inset: 0, width: '100%', height: '100%', margin: 0 }} />
      <Checkbox.Control mt="0.5" />
      <Stack gap="1" minW="0" flex="1">
        <HStack gap="2" flexWrap="wrap">
          <Checkbox.Label fontWeight="semibold" overflowWrap="anywhere">
            {dish.name}
          </Checkbox.Label>
          <DietBadge diet={dish.diet} />
          {dish.add_on_price !== null && (
            <Badge colorPalette="purple" variant="solid" size="sm">
              Add-on +{formatInr(dish.add_on_price)} per guest
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {REGION_LABELS[dish.region]}
          {dish.description ? ` · ${dish.description}` : ''}
        </Text>
        {dish.allergens.length > 0 && (
          <Text fontSize="xs" color="fg.muted">
            Contains: {dish.allergens.join(', ')}
          </Text>
        )}
      </Stack>
    </Checkbox.Root>
  );
}

/**
 * Room kept between the save bar and a control scrolled into view above it: the control's focus ring, and the
 * padding below a text field's caret (a browser brings a focused text field's caret into view, not its whole box).
 */
const ROOM_ABOVE_SAVE_BAR = 12;

/**
 * The save bar sticks to the bottom of the screen at every width, so a control reached with Tab could stop behind
 * it. While the bar is shown, the page's scroll padding at the bottom is the bar's height (it grows with the list of
 * problems) and that room: browsers keep a focused control out of the padding when they scroll it into view. A ref
 * callback, so the padding goes with the bar.
 */
function padPageForSaveBar(bar: HTMLElement | null): (() => void) | undefined {
  if (!bar) return undefined;
  const page = document.documentElement;
  const pad = () => {
    page.style.scrollPaddingBottom = `${bar.offsetHeight + ROOM_ABOVE_SAVE_BAR}px`;
  };
  pad();
  const observer = new ResizeObserver(pad);
  observer.observe(bar);
  return () => {
    observer.disconnect();
    page.style.removeProperty('scroll-padding-bottom');
  };
}

type Draft = { guests: Record<GuestDiet, string>; selected: Set<string>; allergyNotes: string; setupNotes: string };

function draftOf(menu: BookingMenuDto): Draft {
  return {
    guests: {
      veg: String(menu.guests.veg),
      jain: String(menu.guests.jain),
      non_veg: String(menu.guests.non_veg),
    },
    selected: new Set(menu.dish_ids),
    allergyNotes: menu.allergy_notes ?? '',
    setupNotes: menu.setup_notes ?? '',
  };
}

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** Who builds the menu: the customer on My Bookings, or our team from Booking Details (docs/product.md#menus). */
export type MenuAudience = 'customer' | 'team';

const WORDING: Record<
  MenuAudience,
  { guestsTitle: string; splitHint(guests: string): string; splitMoved(guests: string): string }
> = {
  customer: {
    guestsTitle: 'Your guests',
    splitHint: (guests) =>
      `Split your ${guests} guests by diet. Jain guests are served only Jain dishes, so every course needs a Jain ` +
      'dish when you have Jain guests.',
    splitMoved: (guests) =>
      `Your guest count changed to ${guests}, so we moved the difference to veg guests. Please check the split ` +
      'and save your menu.',
  },
  team: {
    guestsTitle: 'Guests',
    splitHint: (guests) =>
      `Split the ${guests} guests by diet. Jain guests are served only Jain dishes, so every course needs a Jain ` +
      'dish when there are Jain guests.',
    splitMoved: (guests) =>
      `The guest count changed to ${guests}, so the difference moved to veg guests; the customer has yet to ` +
      'confirm this split. Check it and save the menu.',
  },
};

/** The rules the server found broken in a refused save (its 422 lists each one), or none. */
export function savedMenuIssues(error: { data?: unknown } | null): string[] {
  const issues = (error?.data as { issues?: { msg: string }[] } | undefined)?.issues;
  return issues?.map((issue) => issue.msg) ?? [];
}

type MenuEditorProps = {
  menu: BookingMenuDto;
  catalogue: MenuCatalogueDto;
  audience: MenuAudience;
  /** Sends the menu: the customer's `menus.saveMine` or our team's `admin.menus.saveBookingMenu`. */
  onSave(input: SaveMenuInput): void;
  saving: boolean;
  /** Why the server refused the last save, listed with the problems the builder finds itself. */
  serverProblems: readonly string[];
};

/**
 * The menu builder both the customer and our team use: guests by diet, dishes by course within the package's
 * allowances (add-ons on top, per guest), filters by diet and region, allergy and set-up notes, and the price. The
 * same shared rules as the server check it while it is edited (`menuProblems`); the server has the last word.
 * Keyed by the menu's `updated_at`, so a saved menu starts a fresh draft.
 */
export function MenuEditor({ menu, catalogue, audience, onSave, saving, serverProblems }: MenuEditorProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(menu));
  const [dietFilter, setDietFilter] = useState<DietFilter>('all');
  const [region, setRegion] = useState<Region | 'all'>('all');
  const wording = WORDING[audience];

  // The menu's own dishes (a retired one stays) and the active catalogue, with the price each was chosen at.
  const dishes = useMemo(() => {
    const byId = new Map(catalogue.dishes.map((dish) => [dish.id, dish]));
    for (const dish of menu.dishes) byId.set(dish.id, dish);
    return byId;
  }, [catalogue.dishes, menu.dishes]);

  const split = {
    veg: wholeNumber(draft.guests.veg),
    jain: wholeNumber(draft.guests.jain),
    non_veg: wholeNumber(draft.guests.non_veg),
  };
  const splitValid = GUEST_DIETS.every((diet) => Number.isFinite(split[diet]));
  const chosen = [...draft.selected].map((id) => dishes.get(id)).filter((dish) => dish !== undefined);
  const problems = splitValid
    ? menuProblems({
        tier: menu.package,
        guestCount: menu.guest_count,
        split,
        dishes: chosen.map((dish) => ({
          id: dish.id,
          name: dish.name,
          course: dish.course,
          diet: dish.diet,
          active: dish.active,
          addOnPricePaise: dish.add_on_price === null ? null : Math.round(dish.add_on_price * 100),
        })),
        allowances: { ...catalogue.allowances, [menu.package]: menu.allowances },
        keptDishIds: new Set(menu.dish_ids),
      }).map((problem) => problem.message)
    : ['Enter the guests of each diet as whole numbers'];
  const addOnPerGuest = chosen.reduce((sum, dish) => sum + (dish.add_on_price ?? 0), 0);

  const toggle = (id: string, on: boolean) =>
    setDraft((current) => {
      const selected = new Set(current.selected);
      if (on) selected.add(id);
      else selected.delete(id);
      return { ...current, selected };
    });

  const shown = (dish: DishDto) =>
    draft.selected.has(dish.id) ||
    (DIET_FILTERS[dietFilter].diets.includes(dish.diet) && (region === 'all' || dish.region === region));

  const editable = menu.editable;
  return (
    <Stack gap="5">
      <Panel title={wording.guestsTitle} id="menu-guests">
        <Text color="fg.muted" mb="3" fontSize="sm">
          {wording.splitHint(menu.guest_count.toLocaleString('en-IN'))}
        </Text>
        {menu.guests_need_review && (
          <Text role="status" color="orange.800" bg="orange.50" rounded="md" px="3" py="2" mb="3" fontSize="sm">
            {wording.splitMoved(menu.guest_count.toLocaleString('en-IN'))}
          </Text>
        )}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          {GUEST_DIETS.map((diet) => (
            <TextField
              key={diet}
              name={`guests_${diet}`}
              label={GUEST_DIET_LABELS[diet]}
              inputMode="numeric"
              value={draft.guests[diet]}
              disabled={!editable}
              onValueChange={(value) =>
                setDraft((current) => ({ ...current, guests: { ...current.guests, [diet]: value } }))
              }
            />
          ))}
        </Stack>
      </Panel>

      <Panel title="Dishes" id="menu-dishes">
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mb="4">
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              aria-label="Filter by diet"
              value={dietFilter}
              onChange={(event) => setDietFilter(event.target.value as DietFilter)}
            >
              {Object.entries(DIET_FILTERS).map(([value, filter]) => (
                <option key={value} value={value}>
                  {filter.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              aria-label="Filter by region"
              value={region}
              onChange={(event) => setRegion(event.target.value as Region | 'all')}
            >
              <option value="all">All regions</option>
              {REGIONS.map((value) => (
                <option key={value} value={value}>
                  {REGION_LABELS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Stack gap="6">
          {COURSES.map((course) => {
            const inCourse = [...dishes.values()].filter(
              (dish) => dish.course === course && (dish.active || draft.selected.has(dish.id)),
            );
            const visible = inCourse.filter(shown);
            if (inCourse.length === 0) return null;
            const included = chosen.filter((dish) => dish.course === course && dish.add_on_price === null).length;
            const allowance = menu.allowances[course];
            return (
              <Box as="section" key={course} aria-labelledby={`course-${course}`}>
                <HStack justify="space-between" align="baseline" gap="3" mb="2" flexWrap="wrap">
                  <Heading id={`course-${course}`} as="h3" size="sm">
                    {COURSE_LABELS[course]}
                  </Heading>
                  <Text
                    fontSize="sm"
                    color={included > allowance ? 'red.600' : 'fg.muted'}
                    data-testid={`allowance-${course}`}
                  >
                    {included} of {allowance} included
                  </Text>
                </HStack>
                <Stack gap="2">
                  {visible.map((dish) => (
                    <DishOption
                      key={dish.id}
                      dish={dish}
                      checked={draft.selected.has(dish.id)}
                      disabled={!editable}
                      onToggle={(on) => toggle(dish.id, on)}
                    />
                  ))}
                  {visible.length === 0 && (
                    <Text fontSize="sm" color="fg.muted">
                      No dishes match the filters.
                    </Text>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Stack>
      </Panel>

      <Panel title="Notes for the kitchen" id="menu-notes">
        <Stack gap="3">
          <TextareaField
            name="allergy_notes"
            label="Allergies"
            value={draft.allergyNotes}
            disabled={!editable}
            maxLength={1000}
            helperText="For example: two guests allergic to peanuts"
            onValueChange={(value) => setDraft((current) => ({ ...current, allergyNotes: value }))}
          />
          <TextareaField
            name="setup_notes"
            label="Set-up notes"
            value={draft.setupNotes}
            disabled={!editable}
            maxLength={1000}
            onValueChange={(value) => setDraft((current) => ({ ...current, setupNotes: value }))}
          />
        </Stack>
      </Panel>

      <Panel title="Price" id="menu-price">
        <Box as="dl">
          {menu.price.lines.map((line, index) => (
            <HStack
              key={index}
              justify="space-between"
              align="flex-start"
              gap="4"
              py="2"
              borderBottomWidth="1px"
              borderColor="border.muted"
              _last={{ borderBottomWidth: 0 }}
            >
              <Text as="dt" color={line.key === 'total' ? 'fg' : 'fg.muted'} minW="0" overflowWrap="anywhere">
                {line.label}
              </Text>
              <Text as="dd" fontWeight="semibold" textAlign="end" flexShrink={0}>
                {formatInr(line.amount)}
              </Text>
            </HStack>
          ))}
        </Box>
        <Text fontSize="sm" color="fg.muted" mt="2">
          {!editable
            ? 'Add-ons are charged per guest.'
            : addOnPerGuest > 0
              ? `Chosen add-ons: ${formatInr(addOnPerGuest)} per guest. ` +
                'The total above updates when you save; the payment schedule follows it.'
              : 'Add-ons are charged per guest; the total and the payment schedule follow when you save.'}
        </Text>
      </Panel>

      {/*
        A menu that cannot change (cancelled, completed, frozen for the customer) has nothing to save: the heading
        above says why (docs/product.md#menus), so neither the save nor a list of what to fix is shown.
      */}
      {editable && (
        <Box
          ref={padPageForSaveBar}
          data-testid="menu-save-bar"
          position="sticky"
          bottom="0"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="2xl"
          px={{ base: '4', md: '6' }}
          py="4"
          zIndex="docked"
          _print={{ display: 'none' }}
        >
          {(problems.length > 0 || serverProblems.length > 0) && (
            <Stack as="ul" gap="1" mb="3" role="alert" ps="4" listStyleType="disc" color="red.700" fontSize="sm">
              {[...new Set([...problems, ...serverProblems])].map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Stack>
          )}
          <Button
            w={{ base: 'full', sm: 'auto' }}
            minH="11"
            rounded="full"
            px="8"
            disabled={problems.length > 0 || saving}
            loading={saving}
            onClick={() =>
              onSave({
                id: menu.booking_id,
                guests: split,
                dish_ids: chosen.map((dish) => dish.id),
                allergy_notes: draft.allergyNotes,
                setup_notes: draft.setupNotes,
              })
            }
          >
            Save menu
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function BackToBooking({ id }: { id: string }) {
  return (
    <Button asChild variant="ghost" colorPalette="accent" size="sm" alignSelf="flex-start" ms="-2" minH="11">
      <Link href={`/bookings/${id}`}>
        <ArrowLeft aria-hidden="true" /> Back to the booking
      </Link>
    </Button>
  );
}

/**
 * The menu page's heading: the booking's reference, the title, the package and guests with the reader's `note`
 * (until when it can change), and why the reader cannot change the menu now.
 */
export function MenuHeading({ menu, title, note }: { menu: BookingMenuDto; title: string; note: string | null }) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted" fontFamily="mono">
        {menu.reference}
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900" overflowWrap="anywhere">
        {title}
      </Heading>
      <Text color="fg.muted">
        {humanize(menu.package)} package · {menu.guest_count.toLocaleString('en-IN')} guests
        {note && ` · ${note}`}
      </Text>
      {!menu.editable && menu.edit_refusal && (
        <Text role="status" color="orange.700" fontWeight="medium">
          {menu.edit_refusal}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The customer's menu (docs/product.md#menus) at `/bookings/:id/menu`: the shared builder, saved through
 * `menus.saveMine` until the freeze date.
 */
export function MenuBuilder({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const menu = trpc.menus.mine.useQuery({ id }, { retry: (count, error) => httpStatusOf(error) !== 404 && count < 2 });
  const catalogue = trpc.menus.catalogue.useQuery();
  const save = trpc.menus.saveMine.useMutation({
    onSuccess: (result) => {
      utils.menus.mine.setData({ id: result.menu.booking_id }, result.menu);
      refreshBooking(utils, result.menu.booking_id);
      toast.success(result.message);
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'The menu could not be saved. Please try again.');
    },
  });
  useDocumentTitle(menu.data ? `Menu · ${menu.data.event_name}` : 'Menu');

  if (menu.isPending || catalogue.isPending) {
    return (
      <Stack gap="4" role="status" aria-label="Loading the menu">
        <BackToBooking id={id} />
        <Skeleton h="16" rounded="xl" />
        <Skeleton h="64" rounded="2xl" />
      </Stack>
    );
  }
  if (menu.isError || catalogue.isError) {
    return (
      <Stack gap="4">
        <BackToBooking id={id} />
        <Text role="alert" color="red.700">
          {httpStatusOf(menu.error) === 404
            ? 'This booking is not in your account.'
            : (serverDetail(menu.error ?? catalogue.error) ?? 'The menu could not be loaded. Please try again.')}
        </Text>
      </Stack>
    );
  }
  const data = menu.data;
  return (
    <Stack gap="5">
      <BackToBooking id={id} />
      <MenuHeading
        menu={data}
        title={`Your menu: ${data.event_name}`}
        note={
          data.freeze_date && data.editable
            ? `You can change the menu until ${formatLongDate(data.freeze_date)} (not on that day)`
            : null
        }
      />
      <MenuEditor
        key={data.updated_at ?? 'new'}
        menu={data}
        catalogue={catalogue.data}
        audience="customer"
        onSave={(input) => save.mutate(input)}
        saving={save.isPending}
        serverProblems={savedMenuIssues(save.error)}
      />
    </Stack>
  );
}
