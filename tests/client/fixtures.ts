import { bookingMoney, toScheduleDto } from '../../src/shared/booking-rules';
import { addDays, todayInIndia } from '../../src/shared/dates';
import type { Role } from '../../src/shared/domain';
import type { AuthResult, UserDto } from '../../src/shared/schemas/auth';

const NAMES: Record<Role, string> = {
  admin: 'Asha Rao',
  supplier: 'Vikram Caterers',
  customer: 'Priya Sharma',
};

export function userFor(role: Role): UserDto {
  return {
    id: `00000000-0000-4000-8000-00000000000${role.length}`,
    full_name: NAMES[role],
    email: `${role}@example.in`,
    phone: '+919826012345',
    role,
    city: 'Indore',
    created_at: '2026-01-15T10:30:00.000Z',
    email_verified: true,
  };
}

export function authResultFor(role: Role, token = `token-for-${role}`): AuthResult {
  return { access_token: token, token_type: 'bearer', user: userFor(role) };
}

/**
 * The schedule of a ₹1,00,000 booking confirmed 20 days ago, its event 90 days ahead, whose advance (₹25,000 in
 * all) was paid on time, raised to ₹1,50,000 today: the advance's share of the rise is a row of its own, due today.
 */
export function raisedAfterAdvance() {
  const today = todayInIndia();
  const confirmedOn = addDays(today, -20);
  const eventDate = addDays(today, 90);
  const money = bookingMoney({
    status: 'confirmed',
    totalPaise: 1_50_000_00,
    creditedPaise: 0,
    eventDate,
    confirmedOn,
    heldPaise: 25_000_00,
    today,
    costHistory: [
      { on: confirmedOn, cost_paise: 1_00_000_00 },
      { on: today, cost_paise: 1_50_000_00 },
    ],
  });
  return { today, eventDate, schedule: toScheduleDto(money) };
}
