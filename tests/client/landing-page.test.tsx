import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TestimonialDto } from '../../src/shared/schemas/testimonials';
import { server, TrpcTestError, trpcHandler } from './msw';
import { renderApp } from './render';

const SERVICES = {
  'Wedding Catering': 'wedding',
  'Corporate Events': 'corporate',
  'Private Parties': 'private',
  'Gala Dinners': 'gala',
  'Grazing Tables': 'grazing',
} as const;

const TESTIMONIALS: TestimonialDto[] = [
  {
    id: '1',
    client_name: 'Ritu & Saurabh Jain',
    event_type: 'wedding',
    rating: 5,
    review: 'The dal bafla live counter was the talk of our Malwa wedding.',
    event_date: '2025-03-05',
  },
  {
    id: '2',
    client_name: 'Ananya Iyer',
    event_type: 'baby_shower',
    rating: 4,
    review: 'The mini idli-sambar counter was a hit with the kids.',
    event_date: null,
  },
  {
    id: '3',
    client_name: 'Shweta Malhotra',
    event_type: 'gala',
    rating: 5,
    review: 'Our annual gala for 350 people ran like clockwork.',
    event_date: '2025-09-21',
  },
];

const SAMPLE_NAMES = ['Priya & Arjun Mehta', 'Rahul Verma, Malwa Infotech'];

function region(name: string | RegExp) {
  return within(screen.getByRole('region', { name }));
}

describe('landing page services', () => {
  it('shows five service cards, each with its quote link and a custom-quote button', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Our Services' });
    const services = region('Our Services');

    expect(services.getAllByRole('article')).toHaveLength(5);
    for (const [name, id] of Object.entries(SERVICES)) {
      const card = within(services.getByRole('article', { name }));
      expect(card.getByRole('heading', { name, level: 3 })).toBeInTheDocument();
      expect(card.getByRole('link', { name: `Get a quote for ${name}` })).toHaveAttribute(
        'href',
        `/book?eventType=${id}`,
      );
      expect(card.getByRole('button', { name: `Request a custom quote for ${name}` })).toBeInTheDocument();
      const image = card.getByRole('img');
      expect(image).toHaveAttribute('src', `/images/services/${id}.webp`);
      expect(image.getAttribute('alt')?.length).toBeGreaterThan(30);
      expect(image).toHaveAttribute('loading', 'lazy');
    }
  });

  it('a photo can replace a drawing: when the picture is missing the image tries the other formats in turn', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Wedding Catering', level: 3 });
    const image = within(region('Our Services').getByRole('article', { name: 'Wedding Catering' })).getByRole('img');

    const tried = [image.getAttribute('src')];
    for (let i = 0; i < 5; i++) {
      fireEvent.error(image);
      tried.push(image.getAttribute('src'));
    }

    expect(tried).toEqual([
      '/images/services/wedding.webp',
      '/images/services/wedding.jpg',
      '/images/services/wedding.jpeg',
      '/images/services/wedding.png',
      '/images/services/wedding.svg',
      // Nothing left to try: it stays on the last format instead of asking again and again.
      '/images/services/wedding.svg',
    ]);
  });

  it('a service link opens the quote page with that event type', async () => {
    const { user, currentUrl } = renderApp();

    await user.click(await screen.findByRole('link', { name: 'Get a quote for Gala Dinners' }));

    await waitFor(() => expect(currentUrl()).toBe('/book?eventType=gala'));
  });
});

describe('landing page gallery', () => {
  it('shows nine lazily loaded images, each with alt text and a caption', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Moments we have served' });
    const gallery = region('Moments we have served');

    const images = gallery.getAllByRole('img');
    expect(images).toHaveLength(9);
    for (const image of images) {
      expect(image.getAttribute('alt')?.length).toBeGreaterThan(30);
      expect(image.getAttribute('src')).toMatch(/^\/images\/gallery\/[a-z-]+\.webp$/);
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '800');
      expect(image).toHaveAttribute('height', '600');
    }
    expect(new Set(images.map((image) => image.getAttribute('src'))).size).toBe(9);
    expect(gallery.getAllByRole('figure')).toHaveLength(9);
    expect(gallery.getByText('Festive thali')).toBeInTheDocument();
  });

  it('opens an image in a lightbox with its caption and steps through the set', async () => {
    const { user } = renderApp();

    await user.click(await screen.findByRole('button', { name: 'View Festive thali larger' }));

    const dialog = await screen.findByRole('dialog', { name: 'Festive thali' });
    expect(within(dialog).getByText('1 of 9')).toBeInTheDocument();
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/images/gallery/thali.webp');

    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(await screen.findByRole('dialog', { name: 'Dum biryani' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Wedding mandap' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('landing page testimonials', () => {
  it('shows the testimonials the server publishes: stars, review, name, event type and date', async () => {
    server.use(trpcHandler('testimonials.list', () => TESTIMONIALS));
    renderApp();

    expect(await screen.findByText('Ritu & Saurabh Jain')).toBeInTheDocument();
    const section = region('What Our Clients Say');
    expect(section.getAllByRole('listitem')).toHaveLength(3);
    expect(section.getByText('The dal bafla live counter was the talk of our Malwa wedding.')).toBeInTheDocument();
    expect(section.getByText(/^Wedding/).textContent).toBe('Wedding · March 5th, 2025');
    expect(section.getByText('Baby Shower')).toBeInTheDocument();
    expect(section.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(2);
    expect(section.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    for (const name of SAMPLE_NAMES) expect(section.queryByText(name)).not.toBeInTheDocument();
  });

  it('shows the two built-in samples when the testimonials cannot be loaded', async () => {
    server.use(
      trpcHandler('testimonials.list', () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Database unavailable');
      }),
    );
    renderApp();

    expect(await screen.findByText(SAMPLE_NAMES[0]!)).toBeInTheDocument();
    const section = region('What Our Clients Say');
    expect(section.getByText(SAMPLE_NAMES[1]!)).toBeInTheDocument();
    expect(section.getAllByRole('listitem')).toHaveLength(2);
    expect(section.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(2);
    expect(section.getAllByText('Example review')).toHaveLength(2);
    expect(
      section.getByText('Our clients’ reviews could not be loaded just now. These are examples of what they tell us.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('says honestly that none are published yet, and shows no invented names', async () => {
    server.use(trpcHandler('testimonials.list', () => []));
    renderApp();

    expect(
      await screen.findByText('No reviews have been published yet. Reviews appear here once our clients share them.'),
    ).toBeInTheDocument();
    const section = region('What Our Clients Say');
    for (const name of SAMPLE_NAMES) expect(section.queryByText(name)).not.toBeInTheDocument();
    expect(section.queryByRole('listitem')).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Get an Instant Quote' })).toHaveAttribute('href', '/book');
  });

  it('marks nothing as an example when real reviews are published', async () => {
    server.use(trpcHandler('testimonials.list', () => TESTIMONIALS));
    renderApp();
    await screen.findByText('Ritu & Saurabh Jain');
    expect(screen.queryByText('Example review')).not.toBeInTheDocument();
  });
});

describe('landing page footer', () => {
  it('has the contact details and the three policy links', async () => {
    renderApp();
    const footer = within(await screen.findByRole('contentinfo'));

    expect(footer.getByRole('link', { name: 'hello@annapurna-events.in' })).toHaveAttribute(
      'href',
      'mailto:hello@annapurna-events.in',
    );
    expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Return and Refund Policy' })).toHaveAttribute('href', '/refund-policy');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });
});
