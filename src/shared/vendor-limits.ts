/**
 * Limits of the vendor registration the form enforces as it is typed and the vendor schema checks
 * (schemas/vendor.ts). Kept apart from the schema so the form can use them without loading zod before its first
 * submit.
 */
export const EXPERIENCE_YEARS_MIN = 0;
export const EXPERIENCE_YEARS_MAX = 50;
export const BUSINESS_NAME_MAX_LENGTH = 150;
export const BUSINESS_ADDRESS_MAX_LENGTH = 500;
export const SERVICES_OFFERED_MAX_LENGTH = 2000;
export const PORTFOLIO_LINK_MAX_LENGTH = 500;
