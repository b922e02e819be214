import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { serverDetail } from '../lib/errors';
import { registerStepUpAsker, rememberStepUp } from '../lib/step-up';
import { trpc } from '../lib/trpc';
import { AppDialog } from './app-dialog';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

type Method = 'password' | 'code';

/**
 * "Confirm it is you" (docs/decisions.md, "Admin second factor and step-up"): asked when the server wants a fresh
 * re-authentication before a refund, an erasure or a settings change. The password, or a code from the
 * authenticator app; once confirmed, the refused action is sent again by itself. Cancel leaves it refused.
 */
export function StepUpDialog() {
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<Method>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const formId = useId();
  const reauthenticate = trpc.auth.reauthenticate.useMutation();

  useEffect(
    () =>
      registerStepUpAsker(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setMethod('password');
            setValue('');
            setError(undefined);
            setOpen(true);
          }),
      ),
    [],
  );

  function finish(confirmed: boolean) {
    setOpen(false);
    setValue('');
    settle.current?.(confirmed);
    settle.current = null;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) return setError(method === 'password' ? 'Password is required' : 'Code is required');
    reauthenticate.mutate(method === 'password' ? { password: value } : { code: value }, {
      onSuccess: (result) => {
        rememberStepUp(result.step_up_token, result.expires_in);
        finish(true);
      },
      onError: (failure) => {
        const issue = (failure.data as { issues?: { msg: string }[] } | undefined)?.issues?.[0];
        setError(issue?.msg ?? serverDetail(failure) ?? 'That could not be checked. Please try again.');
      },
    });
  }

  const switchTo = (next: Method) => {
    setMethod(next);
    setValue('');
    setError(undefined);
  };

  const typed = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  return (
    <AppDialog
      open={open}
      onClose={() => finish(false)}
      title="Confirm it is you"
      size="sm"
      fullScreenOnPhone={false}
      initialFocusEl={() => document.getElementById(formId)?.querySelector('input') ?? null}
      footer={
        <>
          <Button variant="ghost" colorPalette="accent" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} rounded="full" px="5" loading={reauthenticate.isPending}>
            Confirm
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label="Confirm it is you">
        <Stack gap="4">
          <Text>
            Refunds, erasing a customer&apos;s data and settings changes need you to sign in again. This lasts 5
            minutes.
          </Text>
          {method === 'password' ? (
            <PasswordField
              name="password"
              label="Password"
              autoComplete="current-password"
              required
              value={value}
              onValueChange={typed}
              error={error}
            />
          ) : (
            <TextField
              name="code"
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={value}
              onValueChange={typed}
              error={error}
            />
          )}
          <Button
            variant="plain"
            colorPalette="accent"
            alignSelf="flex-start"
            px="0"
            textDecoration="underline"
            onClick={() => switchTo(method === 'password' ? 'code' : 'password')}
          >
            {method === 'password' ? 'Use a code from your authenticator app' : 'Use your password'}
          </Button>
        </Stack>
      </form>
    </AppDialog>
  );
}
