import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminNotificationDto } from '../../src/shared/schemas/projects';
import { openAdmin } from './admin-fixtures';
import { recordedCalls } from './msw';

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function notification(n: number, overrides: Partial<AdminNotificationDto> = {}): AdminNotificationDto {
  return {
    id: uuid(900 + n),
    kind: 'project_unassigned',
    message: `No supplier could be chosen for Event ${n}: assign suppliers again.`,
    project_id: uuid(800 + n),
    booking_id: uuid(n),
    read: false,
    created_at: '2026-11-22T04:30:00.000Z',
    ...overrides,
  };
}

describe('Needs your attention', () => {
  it('is not shown when nothing is unread', async () => {
    await openAdmin({ 'admin.notifications.list': () => [notification(1, { read: true })] });
    await screen.findByRole('tab', { name: /Bookings/ });
    expect(screen.queryByRole('region', { name: /Needs your attention/ })).not.toBeInTheDocument();
  });

  it('lists unread notifications, opens the booking and marks it read, and dismisses', async () => {
    let read = new Set<string>();
    const { user } = await openAdmin({
      'admin.notifications.list': () => [notification(1), notification(2)].map((n) => ({ ...n, read: read.has(n.id) })),
      'admin.notifications.markRead': ({ input }) => {
        const id = (input as { notification_id: string }).notification_id;
        read = new Set([...read, id]);
        return { id, read: true };
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Needs your attention (2)' }));
    expect(card.getByText('No supplier could be chosen for Event 1: assign suppliers again.')).toBeInTheDocument();
    expect(card.getAllByText('22 Nov 2026, 10:00 am IST')).toHaveLength(2);
    // Each alert's buttons share their names with the next alert's; its message tells them apart.
    expect(card.getAllByRole('button', { name: 'Dismiss' })[1]).toHaveAccessibleDescription(
      'No supplier could be chosen for Event 2: assign suppliers again.',
    );
    expect(card.getAllByRole('button', { name: 'Open booking' })[0]).toHaveAccessibleDescription(
      'No supplier could be chosen for Event 1: assign suppliers again.',
    );

    await user.click(card.getAllByRole('button', { name: 'Open booking' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Booking Details' })).toBeInTheDocument();
    await waitFor(() =>
      expect(recordedCalls('admin.notifications.markRead').map((c) => c.input)).toEqual([
        { notification_id: uuid(901) },
      ]),
    );
    expect(recordedCalls('admin.bookings.get')[0]?.input).toEqual({ id: uuid(1) });
    await user.keyboard('{Escape}');

    const remaining = within(await screen.findByRole('region', { name: 'Needs your attention (1)' }));
    await user.click(remaining.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Needs your attention/ })).not.toBeInTheDocument());
  });

  it('sends a vendor application to the Pending Vendors tab, without marking it read', async () => {
    const { user } = await openAdmin({
      'admin.notifications.list': () => [
        notification(3, {
          kind: 'vendor_application',
          message: 'New vendor application: Swaad Sagar Caterers (Indore) is waiting for approval',
          project_id: null,
          booking_id: null,
        }),
      ],
    });
    const card = within(await screen.findByRole('region', { name: 'Needs your attention (1)' }));
    expect(card.queryByRole('button', { name: 'Open booking' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Review application' }));
    expect(await screen.findByRole('tab', { name: /Pending Vendors/, selected: true })).toBeInTheDocument();
    // Deciding the application settles the alert; opening the tab does not.
    expect(recordedCalls('admin.notifications.markRead')).toEqual([]);
  });
});
