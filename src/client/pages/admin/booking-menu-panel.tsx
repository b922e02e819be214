import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { UtensilsCrossed } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import { COURSE_LABELS, COURSES, guestSplitText } from '../../../shared/menu';
import type { BookingMenuDto, DishDto } from '../../../shared/schemas/menus';
import { trpc } from '../../lib/trpc';
import { DetailItem, DetailList } from './detail-list';
import { QueryContent } from './panel-states';

/** A dish as the summary names it: add-ons are marked, since they are charged per guest on top of the package. */
function dishLabel(dish: DishDto): string {
  return dish.add_on_price === null ? dish.name : `${dish.name} (add-on)`;
}

function MenuSummary({ menu }: { menu: BookingMenuDto }) {
  const courses = COURSES.map((course) => ({
    course,
    dishes: menu.dishes.filter((dish) => dish.course === course),
  })).filter((entry) => entry.dishes.length > 0);
  return (
    <Stack gap="3">
      <Flex justify="flex-end">
        <Button asChild size="sm" variant="outline" colorPalette="accent" w={{ base: 'full', sm: 'auto' }}>
          <RouterLink href={`/admin/bookings/${menu.booking_id}/menu`}>
            <UtensilsCrossed aria-hidden="true" />
            {menu.editable ? 'Edit menu' : 'View menu'}
          </RouterLink>
        </Button>
      </Flex>
      {!menu.editable && menu.edit_refusal && (
        <Text fontSize="sm" color="fg.muted">
          {menu.edit_refusal}
        </Text>
      )}
      <DetailList>
        <DetailItem label="Diet">
          {menu.saved ? guestSplitText(menu.guests) : 'No menu chosen yet'}
          {menu.guests_need_review && (
            <Text as="span" display="block" color="orange.700">
              The guest count changed after the menu was saved; the customer has yet to confirm this split.
            </Text>
          )}
        </DetailItem>
        {courses.map(({ course, dishes }) => (
          <DetailItem key={course} label={COURSE_LABELS[course]}>
            {dishes.map(dishLabel).join(', ')}
          </DetailItem>
        ))}
        {menu.allergy_notes && (
          <DetailItem label="Allergies">
            <Text whiteSpace="pre-wrap">{menu.allergy_notes}</Text>
          </DetailItem>
        )}
        {menu.setup_notes && (
          <DetailItem label="Set-up notes">
            <Text whiteSpace="pre-wrap">{menu.setup_notes}</Text>
          </DetailItem>
        )}
      </DetailList>
    </Stack>
  );
}

/**
 * Booking Details' menu (docs/product.md#menus): the guests by diet, the dishes by course and the kitchen notes as
 * saved, and Edit menu, which opens the customer's builder for our team (`/admin/bookings/:id/menu`). When the menu
 * can no longer change (a cancelled or completed booking) it says why and opens the menu to read.
 */
export function BookingMenuPanel({ bookingId }: { bookingId: string }) {
  const menu = trpc.admin.menus.bookingMenu.useQuery({ id: bookingId });
  return (
    <QueryContent
      query={menu}
      loadingLabel="Loading the menu"
      loadingRows={2}
      errorMessage="The menu could not be loaded."
    >
      {(data) => <MenuSummary menu={data} />}
    </QueryContent>
  );
}
