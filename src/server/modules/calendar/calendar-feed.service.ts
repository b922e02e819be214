import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { addDays, isIsoDate } from '../../../shared/dates';
import { enumWords, venueLine } from '../../../shared/domain';
import type { CalendarFeedDto } from '../../../shared/schemas/calendar';
import { calendarFeeds, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../context';
import { feedBookings } from './calendar.service';

/*
 * An admin's iCalendar feed (docs/product.md#calendar): a secret URL a phone calendar subscribes to. The secret is
 * 256 random bits shown once; only its SHA-256 is stored, so a leaked database does not open anyone's feed.
 */

/** The secret is the credential: a wrong, revoked or unknown one is refused as a bad credential (401). */
const FEED_REFUSED = 'This calendar link is not valid any more; make a new one in the Admin Dashboard';

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function feedUrl(deps: ServiceDeps, secret: string): string {
  return `${deps.config.publicBaseUrl}/api/calendar/feed/${secret}.ics`;
}

/** Whether the admin has a live feed, and since when (the URL itself is never shown again). */
export async function getCalendarFeed(deps: ServiceDeps, adminId: string): Promise<CalendarFeedDto> {
  const [row] = await deps.db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, adminId), isNull(calendarFeeds.revokedAt)))
    .limit(1);
  return { active: row !== undefined, created_at: row?.createdAt.toISOString() ?? null, url: null };
}

/** A new secret URL for the admin; the one before it (if any) stops working at once. Audited. */
export async function createCalendarFeed(deps: ServiceDeps, adminId: string): Promise<CalendarFeedDto> {
  const secret = randomBytes(32).toString('base64url');
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    await tx
      .update(calendarFeeds)
      .set({ revokedAt: now })
      .where(and(eq(calendarFeeds.userId, adminId), isNull(calendarFeeds.revokedAt)));
    await tx.insert(calendarFeeds).values({ userId: adminId, tokenHash: hashOf(secret), createdAt: now });
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'calendar.feed_created',
      entityType: 'user',
      entityId: adminId,
    });
    return { active: true, created_at: now.toISOString(), url: feedUrl(deps, secret) };
  });
}

/** The admin revokes the feed: its URL answers 401 from now on. Audited; revoking with none live changes nothing. */
export async function revokeCalendarFeed(deps: ServiceDeps, adminId: string): Promise<CalendarFeedDto> {
  await deps.db.transaction(async (tx) => {
    const revoked = await tx
      .update(calendarFeeds)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarFeeds.userId, adminId), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
    if (revoked.length > 0) {
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'calendar.feed_revoked',
        entityType: 'user',
        entityId: adminId,
      });
    }
  });
  return { active: false, created_at: null, url: null };
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1 line folding: lines longer than 75 octets are split, each continuation starting with a space,
 * never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compact = (date: string) => date.replace(/-/g, '');

function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The feed of the admin whose secret this is (`GET /api/calendar/feed/{secret}.ics`): every booking with a date,
 * not cancelled, from 90 days back to a year ahead, as all-day events (the time is in the title and description;
 * the product stores it as typed). A revoked or unknown secret, or a deactivated admin, is a 401.
 */
export async function calendarFeedIcs(deps: ServiceDeps, file: string, now: Date = new Date()): Promise<string> {
  const match = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file);
  if (!match) throw new AppError('INVALID_TOKEN', FEED_REFUSED);
  const [feed] = await deps.db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashOf(match[1]!)),
        isNull(calendarFeeds.revokedAt),
        eq(users.role, 'admin'),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!feed) throw new AppError('INVALID_TOKEN', FEED_REFUSED);
  const rows = await feedBookings(deps.db);
  const host = new URL(deps.config.publicBaseUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(deps.config.brand.name)}//Event calendar//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(`${deps.config.brand.name} events`)}`,
    'X-WR-TIMEZONE:Asia/Kolkata',
  ];
  for (const { booking: b, supplier } of rows) {
    if (!b.eventDate || !isIsoDate(b.eventDate)) continue;
    const guests = b.guestCount ? `${b.guestCount.toLocaleString('en-IN')} guests` : 'guests not known';
    const title = `${b.eventName} (${guests}, ${enumWords(b.status)})${b.eventTime ? ` ${b.eventTime}` : ''}`;
    const description = [
      `Client: ${b.clientName}${b.clientPhone ? `, ${b.clientPhone}` : ''}`,
      `Event type: ${enumWords(b.eventType)}`,
      b.eventTime ? `Time: ${b.eventTime}` : null,
      `Supplier: ${supplier ?? 'not awarded yet'}`,
      b.notes ? `Notes: ${b.notes}` : null,
    ]
      .filter((line): line is string => line !== null)
      .join('\n');
    const venue = venueLine({ name: b.venueName, address: b.venueAddress, city: b.city });
    lines.push(
      'BEGIN:VEVENT',
      `UID:booking-${b.id}@${host}`,
      `DTSTAMP:${utcStamp(now)}`,
      `LAST-MODIFIED:${utcStamp(b.updatedAt)}`,
      `DTSTART;VALUE=DATE:${compact(b.eventDate)}`,
      `DTEND;VALUE=DATE:${compact(addDays(b.eventDate, 1))}`,
      `SUMMARY:${icsText(title)}`,
      `DESCRIPTION:${icsText(description)}`,
      ...(venue ? [`LOCATION:${icsText(venue)}`] : []),
      `STATUS:${b.status === 'inquiry' || b.status === 'quoted' ? 'TENTATIVE' : 'CONFIRMED'}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
