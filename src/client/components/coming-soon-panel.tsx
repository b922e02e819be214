import { Badge, Button, Heading, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';
import { CenteredPanelPage } from './centered-panel-page';
import { MandalaMotif } from './mandala-motif';

type ComingSoonPanelProps = {
  title: string;
  description?: ReactNode;
};

/** The placeholder every not-yet-built route shows: branded, titled, and one click from home. */
export function ComingSoonPanel({ title, description }: ComingSoonPanelProps) {
  useDocumentTitle(title);
  return (
    <CenteredPanelPage>
      <MandalaMotif boxSize="20" />
      <Badge colorPalette="accent" variant="subtle" size="md" rounded="full" px="3">
        Coming soon
      </Badge>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="accent.900">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="md" textWrap="pretty">
        {description ?? 'We are putting the finishing touches on this page. Please check back shortly.'}
      </Text>
      <Button asChild variant="outline" colorPalette="accent" rounded="full" mt="2">
        <Link href="/">
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </CenteredPanelPage>
  );
}
