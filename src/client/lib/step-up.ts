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

/** The dialog registers itself; returns the unregister function. */
export function registerStepUpAsker(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/**
 * Asks the admin to re-authenticate: true once they did, false when they cancelled (or no dialog is mounted). Calls
 * refused together share one question.
 */
export function askForStepUp(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  pending ??= asker().finally(() => {
    pending = null;
  });
  return pending;
}
