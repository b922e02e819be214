import type { EventType } from '../../../shared/domain';

/** The demo's published testimonials, dated in days before today (India time). */

export type TestimonialSeed = {
  clientName: string;
  eventType: EventType;
  rating: number;
  review: string;
  eventDaysAgo: number;
};

export const TESTIMONIALS: TestimonialSeed[] = [
  {
    clientName: 'Ritu & Saurabh Jain',
    eventType: 'wedding',
    rating: 5,
    review:
      'The dal bafla live counter was the talk of our Malwa wedding: baflas straight off the coals, dunked in ghee, ' +
      'with panchmel dal that tasted like my nani’s. Six hundred guests and never a queue. She asked for the ' +
      'cook’s number before dessert!',
    eventDaysAgo: 68,
  },
  {
    clientName: 'Shweta Malhotra, Narmada Tech',
    eventType: 'gala',
    rating: 5,
    review:
      'Our annual gala for 350 people ran like clockwork. The tandoor and live pasta counters were fresh all ' +
      'evening, and when 40 extra colleagues confirmed on the last day, the team handled it without a word of fuss.',
    eventDaysAgo: 52,
  },
  {
    clientName: 'Sunita Bafna',
    eventType: 'anniversary',
    rating: 5,
    review:
      'Finding caterers who truly understand a Jain menu is hard. No onion, garlic or root vegetables, separate ' +
      'utensils, dinner finished before sunset: every detail was right, and the kesar shrikhand and mini kachoris ' +
      'were outstanding.',
    eventDaysAgo: 41,
  },
  {
    clientName: 'Ananya Iyer',
    eventType: 'birthday',
    rating: 4,
    review:
      'Aarav’s first birthday was adorable: jungle-theme décor, and the mini idli-sambar and pav bhaji counters ' +
      'were a hit with the kids. The cake table could have been set up a little earlier, otherwise perfect.',
    eventDaysAgo: 12,
  },
  {
    clientName: 'Mohammed Farhan',
    eventType: 'festival',
    rating: 5,
    review:
      'The mutton biryani and sheer khurma at our family dawat tasted like home. The staff were courteous with our ' +
      'elders and the halal arrangements were handled with care. Already booked them for next year.',
    eventDaysAgo: 25,
  },
  {
    clientName: 'Deepika & Harsh Kothari',
    eventType: 'engagement',
    rating: 4,
    review:
      'Gorgeous marigold-and-mogra mandap, and the chaat counter with Indori garadu and bhutte ka kees had everyone ' +
      'going back for seconds. Coordination on the day was smooth from the ring ceremony to the last cup of ' +
      'masala chai.',
    eventDaysAgo: 33,
  },
];
