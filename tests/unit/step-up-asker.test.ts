import { afterEach, describe, expect, it, vi } from 'vitest';
import { askForStepUp, registerStepUpAsker, STEP_UP_DIALOG_WAIT_MS } from '../../src/client/lib/step-up';

/*
 * The "Confirm it is you" dialog's code loads once someone has signed in (src/client/app.tsx): a call refused
 * before it has registered waits for it, and one refused with no dialog coming is left refused.
 */
describe('asking for step-up', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the dialog that registers after the question, and shares one question between calls', async () => {
    const first = askForStepUp();
    const second = askForStepUp();
    let questions = 0;
    const unregister = registerStepUpAsker(() => {
      questions += 1;
      return Promise.resolve(true);
    });
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(questions).toBe(1);
    unregister();
  });

  it('asks the registered dialog at once', async () => {
    const unregister = registerStepUpAsker(() => Promise.resolve(false));
    await expect(askForStepUp()).resolves.toBe(false);
    unregister();
  });

  it('leaves the call refused when no dialog registers within the wait', async () => {
    vi.useFakeTimers();
    let settled: boolean | undefined;
    void askForStepUp().then((answer) => (settled = answer));
    await vi.advanceTimersByTimeAsync(STEP_UP_DIALOG_WAIT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
    // A dialog registering afterwards is asked the next question only.
    let questions = 0;
    const unregister = registerStepUpAsker(() => {
      questions += 1;
      return Promise.resolve(true);
    });
    expect(questions).toBe(0);
    await expect(askForStepUp()).resolves.toBe(true);
    expect(questions).toBe(1);
    unregister();
  });
});
