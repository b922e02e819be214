import { Box, Stack } from '@chakra-ui/react';
import type { Ref } from 'react';
import { QuoteCard } from './quote-card';
import { SubscriptionOffer } from './subscription-offer';
import type { QuotedEvent } from './subscription';

type QuoteResultProps = {
  quoted: QuotedEvent;
  sectionRef: Ref<HTMLDivElement>;
  headingRef: Ref<HTMLHeadingElement>;
  onModify(): void;
};

/**
 * docs/product.md#screens "Result section" and "Subscription offer block": what replaces the form once the quote is there.
 * Its own chunk: the page fetches it after its first render and waits for it before showing a quote (book-page.tsx).
 */
export function QuoteResult({ quoted, sectionRef, headingRef, onModify }: QuoteResultProps) {
  return (
    <Stack as="section" ref={sectionRef} aria-label="Your quote" gap={{ base: '6', md: '8' }} scrollMarginTop="4">
      <QuoteCard quote={quoted.quote} email={quoted.input.client_email} headingRef={headingRef} onModify={onModify} />
      {/* On paper the quote stands alone: the offer's QR, copy and WhatsApp buttons are for the screen. */}
      <Box _print={{ display: 'none' }}>
        <SubscriptionOffer quoted={quoted} />
      </Box>
    </Stack>
  );
}
