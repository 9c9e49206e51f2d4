// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RepositoryScan } from './repository-scan';

describe('RepositoryScan', () => {
  it('scans the connected repository when the button is pressed', async () => {
    const onScan = vi.fn();
    render(
      <RepositoryScan fullName="acme/app" ofProject={false} pending={false} error={null} onScan={onScan} />,
    );
    screen.getByText('acme/app');
    await userEvent.click(screen.getByRole('button', { name: 'Scan the connected repository' }));
    expect(onScan).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the scan running, with the button disabled, then the error', () => {
    const { rerender } = render(
      <RepositoryScan fullName="acme/app" ofProject={false} pending error={null} onScan={() => {}} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Reading acme/app on GitHub');
    expect(
      (screen.getByRole('button', { name: 'Scan the connected repository' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    rerender(
      <RepositoryScan
        ofProject={false}
        fullName="acme/app"
        pending={false}
        error={new Error('This workspace is not connected to a GitHub repository.')}
        onScan={() => {}}
      />,
    );
    screen.getByText('This workspace is not connected to a GitHub repository.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
