import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';

/**
 * `sub` = user id, `ver` = token version, `sid` = the session row, `fph` = the hash of the browser's fingerprint
 * cookie when the token is bound to one (docs/decisions.md, "Sessions and the browser binding").
 */
export type TokenClaims = { sub: string; ver: number; sid: string; fph?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A base64url SHA-256: 43 characters. */
const FINGERPRINT_HASH = /^[A-Za-z0-9_-]{43}$/;

/** Tokens above this size are refused before any parsing. */
const MAX_TOKEN_LENGTH = 8 * 1024;

/** HS256 access token: 12 h lifetime, issuer and audience set, the claims above. */
export async function signAccessToken(config: Config, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ver: claims.ver, sid: claims.sid, ...(claims.fph !== undefined && { fph: claims.fph }) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(config.jwt.issuer)
    .setAudience(config.jwt.audience)
    .setIssuedAt()
    .setExpirationTime(`${config.jwt.ttlSeconds}s`)
    .sign(config.jwt.secret);
}

/**
 * Verifies signature (HS256 only), issuer, audience and a required `exp`; returns null for any bad token. jose
 * checks `exp` only when present, so it is listed as required.
 */
export async function verifyAccessToken(config: Config, token: string): Promise<TokenClaims | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(token, config.jwt.secret, {
      algorithms: ['HS256'],
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      requiredClaims: ['exp', 'sub', 'iat'],
      maxTokenAge: config.jwt.ttlSeconds + 60,
    });
    const { sub, ver, sid, fph } = payload;
    if (typeof sub !== 'string' || !UUID.test(sub) || typeof ver !== 'number' || !Number.isInteger(ver)) return null;
    // Every token names its session; one without (or with a malformed binding) was not issued by this app.
    if (typeof sid !== 'string' || !UUID.test(sid)) return null;
    if (fph !== undefined && (typeof fph !== 'string' || !FINGERPRINT_HASH.test(fph))) return null;
    return { sub, ver, sid, ...(fph !== undefined && { fph }) };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) return null;
    throw error;
  }
}
