// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientConfigurations, ConnectInstructions } from './connect-instructions';
import { OAuthInstructions, oauthConfigurations } from './oauth-instructions';

const URL = 'https://yard.example/mcp';

describe('connection instructions', () => {
  it('shows each client with its text to paste and a copy button named for it', () => {
    render(<ConnectInstructions url={URL} token="sy_pat_secret" />);
    for (const configuration of clientConfigurations(URL, 'sy_pat_secret')) {
      const card = screen.getByRole('region', { name: configuration.client });
      expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(configuration.client);
      expect(card.textContent).toContain(configuration.where);
      expect(within(card).queryByRole('button', { name: `Copy for ${configuration.client}` })).not.toBeNull();
    }
  });

  it('names the OAuth cards apart from the token ones', () => {
    render(<OAuthInstructions url={URL} />);
    for (const configuration of oauthConfigurations(URL)) {
      const name = `${configuration.client} with OAuth`;
      const card = screen.getByRole('region', { name });
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(configuration.client);
      expect(within(card).queryByRole('button', { name: `Copy for ${name}` })).not.toBeNull();
    }
  });
});
