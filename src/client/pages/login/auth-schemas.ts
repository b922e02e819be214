/**
 * The shared schemas both sign-in forms validate with. Their own chunk (zod is about 24 KB gzip): the login page
 * fetches it once it has rendered, and a submit made before it arrived waits for it (auth-form-parts.tsx).
 */
export { loginInputSchema, registerInputSchema } from '../../../shared/schemas/auth';
