import { Box, Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useFieldDescription } from './field-description';
import { PasswordStrength } from './password-strength';
import type { TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  autoComplete: 'current-password' | 'new-password';
  /** A new password: show the strength meter, counting these (name, e-mail) as easy to guess. */
  strengthInputs?: string[];
};

/** A password input with a show/hide toggle, so people on phones can check what they typed. */
export function PasswordField({
  label,
  value,
  onValueChange,
  error,
  helperText,
  required,
  strengthInputs,
  ...inputProps
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const { ids, describedBy } = useFieldDescription({ error, helperText });
  return (
    <Field.Root ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup
        endElement={
          <IconButton
            type="button"
            size="sm"
            variant="ghost"
            colorPalette="gray"
            me="-2"
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </IconButton>
        }
      >
        <Input
          size="lg"
          bg="bg.panel"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={describedBy}
          {...inputProps}
        />
      </InputGroup>
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
      {strengthInputs && (
        <Box w="full" mt="1">
          <PasswordStrength password={value} userInputs={strengthInputs} fieldError={error} />
        </Box>
      )}
    </Field.Root>
  );
}
