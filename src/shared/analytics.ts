/** The longest page path a page view records (kept out of the zod schema so the client shell can use it alone). */
export const PAGE_PATH_MAX_LENGTH = 200;
