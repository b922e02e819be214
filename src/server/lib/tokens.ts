import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';

export type TokenClaims = { sub: string; ver: number };

/** Tokens above this size are refused before any parsing. */
const MAX_TOKEN_LENGTH = 8 * 1024;

/** HS256 access token: 12 h lifetime, issuer and audience set, `sub` = user id, `ver` = token version. */
export async function signAccessToken(config: Config, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ver: claims.ver })
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
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || !Number.isInteger(payload.ver))
      return null;
    return { sub: payload.sub, ver: payload.ver };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) return null;
    throw error;
  }
}
