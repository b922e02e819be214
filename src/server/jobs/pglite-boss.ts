import type { PGlite } from '@electric-sql/pglite';

/** pg-boss 10's bring-your-own database interface (`new PgBoss({ db })`). */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }> };

/**
 * Lets pg-boss 10 run on the embedded PGlite (design/verified.md): pg-boss sends some commands as several
 * statements in one string without parameters (its migrations, and maintenance wrapped in
 * `BEGIN; ...; COMMIT;`), which only PGlite's `exec` accepts; everything with parameters is a single statement
 * for `query`. Parameterless strings run inside `PGlite.transaction`: PGlite's one connection is shared with the
 * app, and a failed `BEGIN; ...` string would otherwise leave that connection in an aborted transaction that
 * fails every later query of the app. Inside it, pg-boss's own BEGIN/COMMIT only draw harmless warnings, and an
 * error rolls the whole string back.
 */
export function pgliteBossDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const results = await client.transaction(async (tx) => tx.exec(text));
      const last = results.at(-1);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
  };
}
