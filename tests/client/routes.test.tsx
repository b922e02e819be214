import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authResultFor, userFor } from './fixtures';
import { server, trpcHandler } from './msw';
import { renderApp } from './render';

describe('routes', () => {
  it('answers an unknown path with a not-found page', async () => {
    renderApp({ path: '/no-such-page' });

    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('/bookings sends a signed-out visitor to /login and brings a customer back after sign-in', async () => {
    server.use(trpcHandler('auth.login', () => authResultFor('customer')));
    const { user, currentPath, currentUrl } = renderApp({ path: '/bookings' });

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(currentUrl()).toBe('/login?next=%2Fbookings');

    await user.type(await screen.findByLabelText(/^Email/), 'customer@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(currentPath()).toBe('/bookings'));
    expect(await screen.findByRole('heading', { name: 'My Bookings', level: 1 })).toBeInTheDocument();
  });

  it('an admin sent from /bookings still lands on /admin', async () => {
    server.use(trpcHandler('auth.login', () => authResultFor('admin')));
    const { user, currentPath } = renderApp({ path: '/login?next=%2Fbookings' });

    await user.type(await screen.findByLabelText(/^Email/), 'admin@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(currentPath()).toBe('/admin'));
  });

  it('ignores a next parameter that points off the site', async () => {
    server.use(trpcHandler('auth.login', () => authResultFor('customer')));
    const { user, currentPath } = renderApp({ path: '/login?next=%2F%2Fevil.example' });

    await user.type(await screen.findByLabelText(/^Email/), 'customer@example.in');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('/bookings waits for the stored token check instead of bouncing a signed-in customer', async () => {
    server.use(trpcHandler('auth.me', () => userFor('customer')));
    const { currentPath } = renderApp({ path: '/bookings', token: 'token-for-customer' });

    expect(await screen.findByRole('heading', { name: 'My Bookings', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/bookings');
  });

  it('/login sends an already signed-in user to their home', async () => {
    server.use(trpcHandler('auth.me', () => userFor('supplier')));
    const { currentPath } = renderApp({ path: '/login', token: 'token-for-supplier' });

    await waitFor(() => expect(currentPath()).toBe('/supplier'));
  });
});

describe('landing page', () => {
  it('links the hero, the five services and the policies', async () => {
    renderApp();

    const hero = within(await screen.findByRole('region', { name: /Feasts worth celebrating/ }));
    expect(hero.getByRole('link', { name: 'Book Your Event' })).toHaveAttribute('href', '/book');
    expect(hero.getByRole('button', { name: 'Explore Services' })).toBeInTheDocument();
    const services = within(screen.getByRole('region', { name: 'Our Services' }));
    const expected = {
      'Wedding Catering': 'wedding',
      'Corporate Events': 'corporate',
      'Private Parties': 'private',
      'Gala Dinners': 'gala',
      'Grazing Tables': 'grazing',
    };
    for (const [name, id] of Object.entries(expected)) {
      expect(services.getByRole('link', { name: `Get a quote for ${name}` })).toHaveAttribute(
        'href',
        `/book?eventType=${id}`,
      );
    }
    expect(services.getAllByRole('link')).toHaveLength(5);

    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Return and Refund Policy' })).toHaveAttribute('href', '/refund-policy');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(footer.getByRole('link', { name: '+91 98260 12345' })).toHaveAttribute('href', 'tel:+919826012345');

    for (const id of ['home', 'services', 'gallery', 'testimonials']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
    expect(document.querySelectorAll('#gallery li')).toHaveLength(9);
  });

  it('Explore Services scrolls to the services section and moves focus there', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = renderApp();

    await user.click(await screen.findByRole('button', { name: 'Explore Services' }));

    const services = document.getElementById('services')!;
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(services);
    expect(services).toHaveFocus();
    scrollIntoView.mockRestore();
  });

  it('shows the brand the server serves', async () => {
    server.use(
      trpcHandler('site.brand', () => ({
        name: 'Utsav Caterers',
        legalName: 'Utsav Hospitality LLP',
        tagline: 'Feasts for every festival',
        phone: '+91 90000 00000',
        whatsappNumber: '919000000000',
        email: 'hello@utsav.example',
        upiId: 'utsav@upi',
        address: 'MG Road, Indore',
        city: 'Indore',
        gstin: null,
      })),
    );
    renderApp();

    expect(
      await within(screen.getByRole('contentinfo')).findByText(
        '© ' + new Date().getFullYear() + ' Utsav Hospitality LLP',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Utsav Caterers')).toBeInTheDocument();
  });
});
