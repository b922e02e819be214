/*
 * Step-up for high-value admin actions (docs/decisions.md, "Admin second factor and step-up"): the server answers a
 * refund, an erasure or a settings change with 403 `step_up_required` until the admin re-authenticates. The tRPC
 * link then asks the dialog mounted in the app (components/step-up-dialog.tsx), and retries the call with the proof
 * in `X-Step-Up`. The proof lives in memory only, for its 5 minutes: a reload or another tab asks again.
 */

let proof: { token: string; until: number } | null = null;

/** The header of a fresh proof, or none. A margin keeps a proof about to run out from being sent. */
export function stepUpHeaders(now: number = Date.now()): Record<string, string> {
  return proof && now < proof.until ? { 'x-step-up': proof.token } : {};
}

export function rememberStepUp(token: string, expiresInSeconds: number, now: number = Date.now()): void {
  proof = { token, until: now + Math.max(0, expiresInSeconds - 15) * 1000 };
}

/** Sign-out and a new session drop the proof with them. */
export function forgetStepUp(): void {
  proof = null;
}

type Asker = () => Promise<boolean>;
let asker: Asker | null = null;
let pending: Promise<boolean> | null = null;
/**
 * The question waiting for the dialog, whose code loads once someone has signed in (src/client/app.tsx): one at
 * most, since calls refused together share one question.
 */
let waiting: ((ask: Asker) => void) | null = null;
/** How long a question waits for the dialog's code before the call is left refused. */
export const STEP_UP_DIALOG_WAIT_MS = 10_000;

/** The dialog registers itself; returns the unregister function. */
export function registerStepUpAsker(ask: Asker): () => void {
  asker = ask;
  waiting?.(ask);
  return () => {
    if (asker === ask) asker = null;
  };
}

/** The registered dialog, or the one that registers within the wait; null when none comes. */
function dialogAsker(): Promise<Asker | null> {
  if (asker) return Promise.resolve(asker);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resume(null), STEP_UP_DIALOG_WAIT_MS);
    const resume = (ask: Asker | null) => {
      clearTimeout(timer);
      waiting = null;
      resolve(ask);
    };
    waiting = resume;
  });
}

/**
 * Asks the admin to re-authenticate: true once they did, false when they cancelled (or no dialog came). Calls
 * refused together share one question.
 */
export function askForStepUp(): Promise<boolean> {
  pending ??= dialogAsker()
    .then((ask) => (ask ? ask() : false))
    .finally(() => {
      pending = null;
    });
  return pending;
}
