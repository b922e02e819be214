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
