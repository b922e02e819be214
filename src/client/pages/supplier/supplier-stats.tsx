import { Box, SimpleGrid, Stat } from '@chakra-ui/react';
import { Bell, BriefcaseBusiness, IndianRupee, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatInr } from '../../../shared/money';
import { RESPONSE_RATE } from './supplier-format';

const numberFormat = new Intl.NumberFormat('en-IN');

type SupplierStatsProps = { activeProjects: number; unread: number; revenue: number };

/**
 * docs/product.md#screens's four cards: Active Projects, New Notifications, Estimated Revenue (an estimate, so whole
 * rupees), Response Rate.
 */
export function SupplierStats({ activeProjects, unread, revenue }: SupplierStatsProps) {
  const cards: { label: string; value: string; icon: ReactNode; palette: string; hint?: string }[] = [
    {
      label: 'Active Projects',
      value: numberFormat.format(activeProjects),
      icon: <BriefcaseBusiness />,
      palette: 'blue',
      hint: 'Open, or won and still ahead',
    },
    {
      label: 'New Notifications',
      value: numberFormat.format(unread),
      icon: <Bell />,
      palette: 'orange',
      hint: 'Unread',
    },
    {
      label: 'Estimated Revenue',
      value: formatInr(Math.round(revenue)),
      icon: <IndianRupee />,
      palette: 'green',
      hint: 'Across active projects',
    },
    { label: 'Response Rate', value: RESPONSE_RATE, icon: <TrendingUp />, palette: 'purple' },
  ];
  return (
    <SimpleGrid as="section" aria-label="Your numbers" columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '5' }}>
      {cards.map((card) => (
        <Stat.Root
          key={card.label}
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="xl"
          p={{ base: '3', md: '5' }}
          shadow="xs"
          minW="0"
          gap="1"
        >
          {/* The icon sits inside the <dt>: a <dl> may hold only its terms and values. */}
          <Stat.Label
            fontSize={{ base: 'xs', md: 'sm' }}
            color="fg.muted"
            fontWeight="medium"
            display="flex"
            justifyContent="space-between"
            alignItems="flex-start"
            gap="2"
          >
            {card.label}
            <Box
              as="span"
              color={`${card.palette}.600`}
              bg={`${card.palette}.50`}
              p="1.5"
              rounded="md"
              hideBelow="sm"
              aria-hidden="true"
              css={{ '& svg': { width: '4', height: '4' } }}
            >
              {card.icon}
            </Box>
          </Stat.Label>
          <Stat.ValueText
            fontSize={{ base: 'lg', sm: 'xl', md: '2xl' }}
            color="accent.950"
            fontVariantNumeric="tabular-nums"
            wordBreak="break-word"
          >
            {card.value}
          </Stat.ValueText>
          {card.hint && (
            <Stat.HelpText as="dd" fontSize="xs" color="fg.muted" hideBelow="sm">
              {card.hint}
            </Stat.HelpText>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
