import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';

async function openDonatePage() {
  const user = userEvent.setup();
  renderRoute('/donate');
  await screen.findByRole('heading', { level: 1 });
  const amounts = screen.getByRole('group', { name: 'Select an amount' });
  return { user, amounts };
}

describe('donation form', () => {
  it('starts one-time with 50 in the custom amount field', async () => {
    const { amounts } = await openDonatePage();
    expect(screen.getByRole('button', { name: 'One-time' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Custom amount (₹)')).toHaveValue('50');
    expect(
      within(amounts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['₹500', '₹1,000', '₹2,000', '₹5,000', '₹10,000', 'Other']);
  });

  it('chooses a preset, which hides the custom field', async () => {
    const { user, amounts } = await openDonatePage();
    await user.click(within(amounts).getByRole('button', { name: '₹2,000' }));
    expect(within(amounts).getByRole('button', { name: '₹2,000' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText('Custom amount (₹)')).not.toBeInTheDocument();
    expect(screen.getByText('You are giving ₹2,000 once.')).toBeInTheDocument();
  });

  it('Other clears the amount and reveals the custom field, which takes digits only', async () => {
    const { user, amounts } = await openDonatePage();
    await user.click(within(amounts).getByRole('button', { name: '₹500' }));
    await user.click(within(amounts).getByRole('button', { name: 'Other' }));
    const custom = screen.getByLabelText('Custom amount (₹)');
    expect(custom).toHaveValue('');
    expect(screen.getByRole('button', { name: /Proceed to Payment/ })).toBeDisabled();

    await user.type(custom, '12a.5-0');
    expect(custom).toHaveValue('1250');
    // Typing through a preset figure keeps the field open.
    await user.clear(custom);
    await user.type(custom, '5000');
    expect(screen.getByLabelText('Custom amount (₹)')).toHaveValue('5000');
  });

  it('toggles monthly giving', async () => {
    const { user } = await openDonatePage();
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'One-time' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('You are giving ₹50 every month.')).toBeInTheDocument();
  });

  it('says the payment would be processed in a real application', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, amounts } = await openDonatePage();
    await user.click(within(amounts).getByRole('button', { name: '₹1,000' }));
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    await user.click(screen.getByRole('button', { name: /Proceed to Payment/ }));
    expect(alert).toHaveBeenCalledWith('Thank you for your monthly donation of ₹1,000! The payment would be processed in a real application.');
  });

  it('lists the impact of each preset amount', async () => {
    await openDonatePage();
    const impact = screen.getByRole('complementary', { name: 'Your Impact' });
    for (const text of [
      'provides clean water for a family for a month',
      'educational materials for 10 students',
      'plants 50 trees',
      'funds a micro-business for a woman entrepreneur',
      'builds a rainwater harvesting system for a community',
    ]) {
      expect(within(impact).getByText(text)).toBeInTheDocument();
    }
  });
});
