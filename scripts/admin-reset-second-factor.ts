/**
 * `npm run admin:reset-second-factor -- <email>`: for an admin who lost both the authenticator app and the recovery
 * codes (docs/security.md, "Passwords, reset and the second factor"). Prints a one-time code, valid 1 hour, that the
 * admin enters at the second sign-in step after their password; the second factor is then off, every session of the
 * account ends, and enrolment is asked for again. Run it only for someone whose identity you have checked.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { DataDirLockedError } from '../src/server/db/lock';
import { runMigrations } from '../src/server/db/migrate';
import { issueSecondFactorReset, SecondFactorResetError } from '../src/server/modules/auth/second-factor-reset.service';

async function main(args: string[]): Promise<number> {
  const email = args.filter((arg) => arg !== '--')[0];
  if (!email || args.length > 2) {
    console.error('Usage: npm run admin:reset-second-factor -- <email>');
    return 2;
  }
  const config = loadConfig();
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
    await runMigrations(handle);
    const { code, expiresAt, email: account } = await issueSecondFactorReset({ db: handle.db, config }, email);
    console.log(
      [
        `One-time second-factor reset code for ${account} (valid until ${expiresAt.toISOString()}, once):`,
        '',
        `    ${code}`,
        '',
        'Give it to the account holder over a channel you trust. They sign in with their password and enter this',
        'code where the authenticator code is asked for. Two-step sign-in is then off for the account, every other',
        'session ends, and they are asked to set it up again. Running this command again replaces the code.',
      ].join('\n'),
    );
    return 0;
  } finally {
    await handle?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (
      error instanceof SecondFactorResetError ||
      error instanceof DataDirLockedError ||
      error instanceof ConfigError
    ) {
      console.error(`admin:reset-second-factor: ${error.message}`);
    } else {
      console.error('admin:reset-second-factor failed; nothing was changed.');
      console.error(error);
    }
    process.exitCode = 1;
  },
);
