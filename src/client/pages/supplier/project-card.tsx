import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CircleSlash, ClipboardList, PencilLine, Send, Timer, Trophy } from 'lucide-react';
import { Link } from 'wouter';
import type { ReactNode, Ref } from 'react';
import { formatInr } from '../../../shared/money';
import type { SupplierProjectDto } from '../../../shared/schemas/projects';
import { EventTypeBadge } from '../../components/event-type-badge';
import {
  AWARDING_NOTE,
  budgetText,
  countdownText,
  eventDateText,
  guestsText,
  indiaDateTimeText,
  isQuotable,
  OUTCOME_NOTES,
} from './supplier-format';

function OutcomeBadge({ outcome }: { outcome: SupplierProjectDto['outcome'] }) {
  if (outcome === 'won') {
    return (
      <Badge colorPalette="green" variant="solid" rounded="full" px="2.5" gap="1">
        <Trophy size={12} aria-hidden="true" />
        Won
      </Badge>
    );
  }
  if (outcome === 'not_selected') {
    return (
      <Badge colorPalette="gray" variant="subtle" rounded="full" px="2.5">
        Not selected
      </Badge>
    );
  }
  if (outcome === 'unassigned' || outcome === 'cancelled') {
    return (
      <Badge colorPalette={outcome === 'cancelled' ? 'red' : 'gray'} variant="subtle" rounded="full" px="2.5" gap="1">
        <CircleSlash size={12} aria-hidden="true" />
        {outcome === 'cancelled' ? 'Cancelled' : 'Closed'}
      </Badge>
    );
  }
  return null;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="dt" fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text as="dd" color="fg" fontWeight="medium" overflowWrap="anywhere">
        {children}
      </Text>
    </Box>
  );
}

type ProjectCardProps = {
  project: SupplierProjectDto;
  now: number;
  onQuote(project: SupplierProjectDto): void;
  highlighted: boolean;
  cardRef?: Ref<HTMLElement> | undefined;
};

/**
 * docs/product.md#screens "Available Projects": event name, client, event-type badge, Date, Guests, Venue (or TBD),
 * Budget, Special Requirements when given, 'Auto-assign in:' with the date and a live countdown, and Submit Quote.
 * Beyond the spec: the supplier's own quote (and Revise Quote while the project is open) and, after the award, Won or
 * Not selected instead of the button.
 */
export function ProjectCard({ project, now, onQuote, highlighted, cardRef }: ProjectCardProps) {
  const details = project.booking_details;
  const headingId = `project-${project.id}-heading`;
  const deadline = new Date(project.auto_assign_date).getTime();
  const open = project.outcome === 'open';
  const quotable = isQuotable(project, now);
  const countdown = countdownText(deadline - now);

  return (
    <Box
      as="article"
      ref={cardRef}
      aria-labelledby={headingId}
      tabIndex={-1}
      bg="bg.panel"
      borderWidth="1px"
      borderColor={highlighted ? 'brand.solid' : 'border'}
      outline={highlighted ? '3px solid' : 'none'}
      outlineColor="brand.muted"
      rounded="2xl"
      shadow="xs"
      p={{ base: '4', md: '5' }}
      display="flex"
      flexDirection="column"
      gap="4"
      minW="0"
      scrollMarginTop="6"
      transition="border-color 0.2s, box-shadow 0.2s"
      _hover={{ shadow: 'md' }}
    >
      <Stack gap="2">
        <HStack gap="2" wrap="wrap">
          <EventTypeBadge type={details.event_type} />
          <OutcomeBadge outcome={project.outcome} />
        </HStack>
        <Box>
          <Heading id={headingId} as="h3" fontSize="xl" lineHeight="1.25" color="accent.950" overflowWrap="anywhere">
            {details.event_name}
          </Heading>
          <Text color="fg.muted" fontSize="sm" mt="0.5">
            Client: {details.client_name}
          </Text>
        </Box>
      </Stack>

      <Box as="dl" display="grid" gridTemplateColumns="repeat(2, minmax(0, 1fr))" columnGap="4" rowGap="3">
        <Detail label="Date">{eventDateText(details.event_date)}</Detail>
        <Detail label="Guests">{guestsText(details.requirements.guest_count)}</Detail>
        <Detail label="Venue">{details.venue_name || 'TBD'}</Detail>
        <Detail label="Budget">{budgetText(details.estimated_budget)}</Detail>
      </Box>

      {project.outcome === 'won' && (
        <Button asChild variant="outline" colorPalette="accent" rounded="full" minH="11">
          <Link href={`/supplier/event-orders/${project.booking_id}`} aria-describedby={headingId}>
            <ClipboardList aria-hidden="true" /> Event order
          </Link>
        </Button>
      )}

      {details.requirements.special_requests && (
        <Box bg="bg.subtle" rounded="lg" px="3" py="2.5">
          <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
            Special Requirements
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line" overflowWrap="anywhere" lineClamp={4}>
            {details.requirements.special_requests}
          </Text>
        </Box>
      )}

      {open && (
        <HStack
          align="flex-start"
          gap="2.5"
          rounded="lg"
          px="3"
          py="2.5"
          bg={quotable ? 'brand.50' : 'bg.muted'}
          borderWidth="1px"
          borderColor={quotable ? 'brand.100' : 'border.muted'}
        >
          <Box color="brand.fg" mt="0.5" aria-hidden="true">
            <Timer size={18} />
          </Box>
          <Box minW="0">
            <Text fontSize="sm" color="fg.muted">
              Auto-assign in:{' '}
              <Text as="span" fontWeight="bold" color="accent.950" whiteSpace="nowrap">
                {countdown ?? 'awarding now…'}
              </Text>
            </Text>
            <Text fontSize="xs" color="fg.muted">
              <time dateTime={project.auto_assign_date}>{indiaDateTimeText(project.auto_assign_date)}</time>
            </Text>
          </Box>
        </HStack>
      )}

      {!open && (
        <Text fontSize="sm" color={project.outcome === 'won' ? 'green.800' : 'fg.muted'}>
          {OUTCOME_NOTES[project.outcome]}
        </Text>
      )}

      {project.my_quote && (
        <Box borderWidth="1px" borderColor="green.200" bg="green.50" rounded="lg" px="3" py="2.5">
          <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
            <Text fontSize="sm" color="green.800" fontWeight="medium">
              Your quote
            </Text>
            <Text fontSize="lg" fontWeight="bold" color="green.900" fontVariantNumeric="tabular-nums">
              {formatInr(project.my_quote.amount)}
            </Text>
          </Flex>
          <Text fontSize="xs" color="green.800">
            Submitted {indiaDateTimeText(project.my_quote.submitted_at)}
          </Text>
          {project.my_quote.notes && (
            <Text fontSize="sm" color="fg" mt="1" whiteSpace="pre-line" overflowWrap="anywhere" lineClamp={3}>
              {project.my_quote.notes}
            </Text>
          )}
        </Box>
      )}

      {quotable && (
        <Box mt="auto" pt="1">
          {project.my_quote ? (
            <Button
              w="full"
              variant="outline"
              colorPalette="accent"
              rounded="full"
              aria-describedby={headingId}
              onClick={() => onQuote(project)}
            >
              <PencilLine aria-hidden="true" />
              Revise Quote
            </Button>
          ) : (
            <Button w="full" rounded="full" aria-describedby={headingId} onClick={() => onQuote(project)}>
              <Send aria-hidden="true" />
              Submit Quote
            </Button>
          )}
        </Box>
      )}
      {!quotable && open && (
        <Text mt="auto" fontSize="sm" color="fg.muted">
          {AWARDING_NOTE}
        </Text>
      )}
    </Box>
  );
}
