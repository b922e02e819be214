import { Button } from '@chakra-ui/react';
import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageFrame } from '../../components/page-frame';
import { PageHero } from '../../components/page-hero';

/* The hero of /vendor-register, in the entry bundle with the page's frame. */

function VendorHero() {
  return (
    <PageHero
      eyebrow="Become a vendor"
      title="Vendor Partner Registration"
      lead={
        'Caterers, decorators and event specialists: join the partners who cook ' +
        'and serve for our weddings, corporate events and celebrations across India.'
      }
    />
  );
}

/** /vendor-register inside its frame (components/page-frame.tsx): the application form loads under the hero. */
export function VendorLayout({ children }: { children: ReactNode }) {
  return (
    <PageFrame
      hero={<VendorHero />}
      headerLinks={
        <Button
          asChild
          variant="ghost"
          colorPalette="accent"
          rounded="full"
          size={{ base: 'sm', sm: 'md' }}
          hideBelow="sm"
          minH="11"
        >
          <Link href="/login">
            <LogIn aria-hidden="true" />
            Sign in
          </Link>
        </Button>
      }
    >
      {children}
    </PageFrame>
  );
}
