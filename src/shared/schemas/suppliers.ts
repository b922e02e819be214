import { z } from 'zod';
import { APPROVAL_STATUSES, type ApprovalStatus, type ProjectStatus } from '../domain';
import type { ProjectBookingDetailsDto } from './projects';
import {
  bidiControlsMessage,
  emailSchema,
  hasNoBidiControls,
  listQuerySchema,
  nameSchema,
  optionalTextSchema,
  phoneSchema,
  uuidSchema,
} from './common';
import { BUSINESS_NAME_MAX_LENGTH } from '../vendor-limits';
import { dedupeServices, MAX_SERVICES, SERVICE_MAX_LENGTH, splitServices } from './vendor';

/**
 * docs/product.md#auto-assign "Supplier". `total_projects` counts the projects the supplier has been invited to (the
 * list the Projects button shows); `awarded_projects` how many of them it won.
 */
export type SupplierDto = {
  id: string;
  name: string;
  business_name: string;
  email: string;
  phone: string;
  location: string | null;
  services: string[];
  is_verified: boolean;
  is_active: boolean;
  approval_status: ApprovalStatus;
  rating: number;
  total_projects: number;
  awarded_projects: number;
  created_at: string;
};

/** An approve, reject, add or edit answers with the supplier as it now is. */
export type SupplierChangeResult = { message: string; supplier: SupplierDto };

/**
 * A services list, as an array of names or as comma-separated text (the edit form's single input); trimmed,
 * duplicates dropped.
 */
export const servicesSchema = z
  .union(
    [
      z
        .array(z.string().max(SERVICE_MAX_LENGTH, `Each service must be at most ${SERVICE_MAX_LENGTH} characters`))
        .max(MAX_SERVICES, `At most ${MAX_SERVICES} services`),
      z.string().max(2000, 'Services must be at most 2000 characters'),
    ],
    { error: 'Services must be a list of names' },
  )
  .transform((value) => (typeof value === 'string' ? splitServices(value) : dedupeServices(value)))
  .refine((services) => services.every(hasNoBidiControls), bidiControlsMessage('A service'));

/**
 * The admin's "Add New Supplier" payload (docs/product.md#vendors "New supplier form"). The supplier is approved and
 * active at once; approval, verification, rating and the login are never taken from the payload.
 */
export const createSupplierInputSchema = z.object({
  name: nameSchema('Name'),
  email: emailSchema,
  phone: phoneSchema,
  business_name: nameSchema('Business name', BUSINESS_NAME_MAX_LENGTH),
  location: optionalTextSchema('Location', 100),
  services: servicesSchema.optional().transform((value) => value ?? []),
});
export type CreateSupplierInput = z.input<typeof createSupplierInputSchema>;

/** The Edit dialog: name, phone, location, services, active. Anything else is ignored. */
export const updateSupplierFieldsSchema = z
  .object({
    name: nameSchema('Name').optional(),
    phone: phoneSchema.optional(),
    // Absent leaves it as it is; null or empty clears it.
    location: optionalTextSchema('Location', 100).optional(),
    services: servicesSchema.optional(),
    is_active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine(
    (value) => Object.values(value).some((v) => v !== undefined),
    'Nothing to update: send name, phone, location, services or is_active',
  );

export const updateSupplierInputSchema = z.object({ id: uuidSchema, data: updateSupplierFieldsSchema });
export type UpdateSupplierInput = z.input<typeof updateSupplierInputSchema>;

export const suppliersQuerySchema = listQuerySchema(100, 500).extend({
  approval_status: z
    .enum(APPROVAL_STATUSES, { error: 'Approval status must be pending, approved or rejected' })
    .optional(),
});
export type SuppliersQuery = z.input<typeof suppliersQuerySchema>;

export const supplierIdInputSchema = z.object({ id: uuidSchema });

/** One project a supplier was invited to, with its own quote. */
export type SupplierProjectDto = {
  id: string;
  booking_id: string;
  status: ProjectStatus;
  auto_assign_date: string;
  /**
   * While the project is open: when the auto-assign left it to the admins (the lowest quote flagged); its quotes are
   * closed since then. Null otherwise.
   */
  awaiting_admin_since: string | null;
  invited_at: string;
  /** This supplier won the project. */
  is_awarded: boolean;
  /** `estimated_budget` is the booking's quoted total. */
  booking_details: ProjectBookingDetailsDto;
  quote: { id: string; quoted_amount: number; notes: string | null; submitted_at: string } | null;
};
