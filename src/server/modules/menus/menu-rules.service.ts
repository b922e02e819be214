import { eq } from 'drizzle-orm';
import { DEFAULT_MENU_RULES, type MenuRules } from '../../../shared/menu';
import { menuRulesInputSchema, type MenuRulesInput } from '../../../shared/schemas/menus';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { ServiceDeps } from '../../context';

/** The `settings` key of the menu rules (docs/decisions.md, "Menus, diets and the kitchen"). */
export const MENU_RULES_KEY = 'menu_rules';

/**
 * The allowances, freeze days and kitchen buffer every menu is checked and cooked by: the admin's saved values,
 * else the defaults. A stored value that no longer validates falls back to the defaults instead of breaking menus.
 */
export async function currentMenuRules(db: Executor): Promise<MenuRules> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, MENU_RULES_KEY))
    .limit(1);
  if (!row) return DEFAULT_MENU_RULES;
  const parsed = menuRulesInputSchema.safeParse(row.value);
  return parsed.success ? parsed.data : DEFAULT_MENU_RULES;
}

export type MenuRulesSettingsDto = { rules: MenuRules; defaults: MenuRules };

/** The admin's view of the menu rules, with the defaults beside them. */
export async function getMenuRules(deps: ServiceDeps): Promise<MenuRulesSettingsDto> {
  return { rules: await currentMenuRules(deps.db), defaults: DEFAULT_MENU_RULES };
}

/**
 * The admin saves the menu rules. Allowances apply to menus saved from now on (a saved menu is not undone); the
 * freeze days move every open menu's freeze date; the buffer applies to the next production sheet. Audited.
 */
export async function updateMenuRules(
  deps: ServiceDeps,
  input: MenuRulesInput,
  adminId: string,
): Promise<MenuRulesSettingsDto> {
  const data = menuRulesInputSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    const before = await currentMenuRules(tx);
    const now = new Date();
    await tx
      .insert(settings)
      .values({ key: MENU_RULES_KEY, value: data, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: data, updatedAt: now } });
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'settings.menu_rules_changed',
      entityType: 'user',
      entityId: adminId,
      data: { from: before, to: data },
    });
  });
  return getMenuRules(deps);
}
