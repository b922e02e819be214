/**
 * The request header with which the browser client asks that the token it is about to get be bound to a
 * fingerprint cookie (docs/decisions.md, "Sessions and the browser binding"). API clients leave it out.
 */
export const SESSION_BINDING_HEADER = 'x-session-binding';
export const SESSION_BINDING_VALUE = 'cookie';
