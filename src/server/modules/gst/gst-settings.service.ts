import { inArray } from 'drizzle-orm';
import type { Brand } from '../../../shared/brand';
import { DEFAULT_GST_RATES, rateOn, type GstRate } from '../../../shared/gst';
import {
  gstBusinessInputSchema,
  gstRateInputSchema,
  gstSettingsInputSchema,
  type GstBusiness,
  type GstSettingsDto,
  type GstSettingsInput,
} from '../../../shared/schemas/gst';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { ServiceDeps } from '../../context';

/** `settings` keys of the business identity and the SAC rate table (docs/gst.md#settings). */
export const GST_BUSINESS_KEY = 'gst_business';
export const GST_RATES_KEY = 'gst_rates';

/** The defaults come from the brand configuration (env overrides included); the business is in Indore (23). */
export function defaultGstBusiness(brand: Brand): GstBusiness {
  return {
    legal_name: brand.legalName,
    trade_name: brand.name,
    address: brand.address,
    state_code: brand.gstin?.slice(0, 2) ?? '23',
    gstin: brand.gstin,
    fssai: brand.fssai,
    package_sac: DEFAULT_GST_RATES[0]!.sac,
  };
}

export type GstSettings = { business: GstBusiness; rates: GstRate[] };

/** The settings key of the GST rate the quotes were priced at before the rate table (a JSON number, percent). */
export const GST_RATE_SETTING = 'gst_percent';

/** The `settings` keys `gstSettingsFrom` reads. */
export const GST_SETTINGS_KEYS = [GST_BUSINESS_KEY, GST_RATES_KEY, GST_RATE_SETTING] as const;

/**
 * The identity and rates every document is issued with, and every quote priced at (docs/gst.md#settings): the
 * admin's saved values, else the defaults. A stored value that no longer validates falls back to the defaults
 * rather than stopping payments. Without a saved rate table, the default rows take the `gst_percent` setting's
 * rate when one is set (docs/decisions.md, "GST rate from settings"), so a quote and its documents always read one
 * rate.
 */
export async function currentGstSettings(db: Executor, brand: Brand): Promise<GstSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...GST_SETTINGS_KEYS]));
  return gstSettingsFrom(new Map(rows.map((row) => [row.key, row.value])), brand);
}

const RATE_TABLE_SCHEMA = gstRateInputSchema.array().min(1);

/** `currentGstSettings` from the stored values, for a caller that read them with others in one statement. */
export function gstSettingsFrom(stored: ReadonlyMap<string, unknown>, brand: Brand): GstSettings {
  // Nothing stored is the common case and needs no parsing (every quote reads these).
  const storedBusiness = stored.get(GST_BUSINESS_KEY);
  const storedRates = stored.get(GST_RATES_KEY);
  const business =
    storedBusiness === undefined ? { success: false as const } : gstBusinessInputSchema.safeParse(storedBusiness);
  const rates = storedRates === undefined ? { success: false as const } : RATE_TABLE_SCHEMA.safeParse(storedRates);
  const legacy = stored.get(GST_RATE_SETTING);
  const legacyPercent =
    typeof legacy === 'number' && Number.isFinite(legacy) && legacy >= 0 && legacy <= 100
      ? Math.round(legacy * 100) / 100
      : null;
  return {
    business: business.success ? business.data : defaultGstBusiness(brand),
    rates: rates.success
      ? rates.data
      : DEFAULT_GST_RATES.map((rate) => ({ ...rate, rate_percent: legacyPercent ?? rate.rate_percent })),
  };
}

/** The GST rate of the package as sold on `isoDate`: the rate table's row for the package's SAC (18% without one). */
export function packageGstPercent(gst: GstSettings, isoDate: string): number {
  return rateOn(gst.rates, gst.business.package_sac, isoDate)?.rate_percent ?? 18;
}

export async function getGstSettings(deps: ServiceDeps): Promise<GstSettingsDto> {
  const current = await currentGstSettings(deps.db, deps.config.brand);
  return {
    ...current,
    defaults: {
      business: defaultGstBusiness(deps.config.brand),
      rates: DEFAULT_GST_RATES.map((rate) => ({ ...rate })),
    },
  };
}

/**
 * The admin saves the identity and the rate table. Documents already issued keep what they froze; new documents
 * use the rate in force on their own date. Audited with the old and new values.
 */
export async function updateGstSettings(
  deps: ServiceDeps,
  input: GstSettingsInput,
  adminId: string,
): Promise<GstSettingsDto> {
  const data = gstSettingsInputSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    const before = await currentGstSettings(tx, deps.config.brand);
    const now = new Date();
    for (const [key, value] of [
      [GST_BUSINESS_KEY, data.business],
      [GST_RATES_KEY, data.rates],
    ] as const) {
      await tx
        .insert(settings)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    }
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'settings.gst_changed',
      entityType: 'user',
      entityId: adminId,
      data: { from: before, to: data },
    });
  });
  return getGstSettings(deps);
}

/** The brand as the site shows it: the legal name, address, GSTIN and FSSAI number from the GST settings. */
export async function brandWithGstIdentity(deps: Pick<ServiceDeps, 'db' | 'config'>): Promise<Brand> {
  const { business } = await currentGstSettings(deps.db, deps.config.brand);
  return {
    ...deps.config.brand,
    legalName: business.legal_name,
    address: business.address,
    gstin: business.gstin,
    fssai: business.fssai,
  };
}
