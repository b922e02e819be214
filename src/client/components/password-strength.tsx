import { Box, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_MIN_LENGTH } from '../../shared/auth-limits';
import type { Strength } from '../lib/password-strength';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['red.500', 'orange.500', 'yellow.500', 'green.500', 'green.600'] as const;

/**
 * A strength meter under a new-password field: four bars and a word, and the server's own message when the
 * password is on the common-password list. The estimator (zxcvbn-ts, a few hundred KB) loads on first use, so no
 * page pays for it until someone types a password. `userInputs` (name, e-mail) count as easy to guess.
 */
export function PasswordStrength({
  password,
  userInputs = [],
  fieldError,
}: {
  password: string;
  userInputs?: string[];
  /** The field's error, shown above the meter: the meter does not say the same again. */
  fieldError?: string | undefined;
}) {
  const [strength, setStrength] = useState<{ password: string; value: Strength } | null>(null);
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (!password) return;
    let current = true;
    const timer = setTimeout(() => {
      void import('../lib/password-strength')
        .then(({ estimateStrength }) => {
          if (current) setStrength({ password, value: estimateStrength(password, inputs.split('\n').filter(Boolean)) });
        })
        .catch(() => {});
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);

  if (!password) return null;
  const value = strength?.password === password ? strength.value : null;
  const tooShort = password.length < PASSWORD_MIN_LENGTH;
  const score = value ? (tooShort ? Math.min(value.score, 1) : value.score) : null;
  const label =
    value?.common === true && fieldError !== COMMON_PASSWORD_MESSAGE
      ? COMMON_PASSWORD_MESSAGE
      : score === null
        ? 'Checking strength…'
        : `Strength: ${LABELS[score]}${tooShort ? ` (at least ${PASSWORD_MIN_LENGTH} characters)` : ''}`;
  return (
    <Box data-testid="password-strength" data-score={score ?? ''} aria-live="polite">
      <HStack gap="1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <Box
            key={bar}
            flex="1"
            h="1.5"
            rounded="full"
            bg={score !== null && score >= bar ? COLORS[score] : 'border'}
          />
        ))}
      </HStack>
      <Text mt="1.5" fontSize="sm" color={value?.common ? 'fg.error' : 'fg.muted'}>
        {label}
      </Text>
    </Box>
  );
}
