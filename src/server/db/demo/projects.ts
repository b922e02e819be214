/** The demo's open projects: which booking, the suppliers invited to bid, and the one supplier that has quoted. */

export type OpenProjectSeed = { booking: string; invite: string[]; quoteFrom?: string };

export const OPEN_PROJECTS: OpenProjectSeed[] = [
  { booking: 'priya-wedding', invite: ['malwa', 'shahi', 'chhappan'], quoteFrom: 'shahi' },
  { booking: 'narmada-annual-day', invite: ['malwa', 'nimbu', 'sapphire'] },
];

/** The supplier's quote for a reception of `guests` plates: its lines, their sum, and its notes. */
export function supplierQuoteFor(guests: number): {
  amountPaise: number;
  notes: string;
  items: { description: string; amount_paise: number }[];
} {
  const food = guests * 1_450_00;
  const counters = 85_000_00;
  const staff = 60_000_00;
  return {
    amountPaise: food + counters + staff,
    notes: 'Includes 2 live counters, 30 service staff, crockery and a food-tasting session for 6; GST extra at 18%.',
    items: [
      { description: `Reception dinner buffet, ${guests} plates at ₹1,450`, amount_paise: food },
      { description: 'Live counters: dal bafla and jalebi-rabdi', amount_paise: counters },
      { description: 'Service staff, crockery and buffet setup', amount_paise: staff },
    ],
  };
}
