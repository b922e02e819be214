import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../src/shared/auth-limits';
import { PasswordField } from '../../src/client/components/password-field';
import { renderWithProviders } from './render';

function field(error?: string) {
  return (
    <PasswordField
      label="New password"
      name="password"
      autoComplete="new-password"
      value="password"
      onValueChange={() => {}}
      error={error}
      strengthInputs={[]}
    />
  );
}

describe('a new-password field with its strength meter', () => {
  it('says a common password is refused under the field while the field shows no error', async () => {
    renderWithProviders(field());
    expect(await screen.findByText(COMMON_PASSWORD_MESSAGE)).toBeInTheDocument();
  });

  it('says it once when the server refused it at the field: the meter shows the strength instead', async () => {
    renderWithProviders(field(COMMON_PASSWORD_MESSAGE));
    expect(await screen.findByText(/^Strength: Very weak/)).toBeInTheDocument();
    expect(screen.getAllByText(COMMON_PASSWORD_MESSAGE)).toHaveLength(1);
  });
});
