import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { serverDetail } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { indiaDateTimeText } from './admin-format';
import { QueryContent } from './panel-states';
import { SectionCard } from './section-card';

type Confirming = 'replace' | 'revoke' | null;

/** Where the one-time URL is kept: the query cache, dropped with the rest of the user's data at sign-in and out. */
const SHOWN_URL_KEY = ['admin-calendar-feed-url'] as const;

/**
 * The feed URL as it was shown when made, kept outside the card (docs/decisions.md, "Calendar capacity, staff
 * bookings and fair bids"): the server never shows it again, so a card that remounts (a tab switch, the session
 * check settling, a live refresh) or an answer that arrives after the card was replaced must not lose it. It stays
 * until the feed is replaced or revoked, the admin signs out, or the page is reloaded.
 */
function useShownFeedUrl(): [string | null, (url: string | null) => void] {
  const queryClient = useQueryClient();
  const shown = useQuery<string | null>({
    queryKey: SHOWN_URL_KEY,
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return [shown.data ?? null, (url) => queryClient.setQueryData<string | null>(SHOWN_URL_KEY, url)];
}

/**
 * The admin's own iCalendar feed (docs/product.md#calendar-screens): a secret URL for a phone calendar, shown once
 * when it is made, with a copy button; making a new one or revoking it (each confirmed) stops the old one at once.
 */
export function CalendarFeedCard() {
  const utils = trpc.useUtils();
  const feed = trpc.admin.calendar.feed.useQuery();
  const [shownUrl, setShownUrl] = useShownFeedUrl();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const create = trpc.admin.calendar.createFeed.useMutation({
    onSuccess: (answer) => {
      utils.admin.calendar.feed.setData(undefined, { ...answer, url: null });
      setShownUrl(answer.url);
      setConfirming(null);
      toast.success('Calendar feed URL made');
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'Failed to make the calendar feed URL'),
  });
  const revoke = trpc.admin.calendar.revokeFeed.useMutation({
    onSuccess: (answer) => {
      utils.admin.calendar.feed.setData(undefined, answer);
      setShownUrl(null);
      setConfirming(null);
      toast.success('Calendar feed revoked');
    },
    onError: (error) => toast.error(serverDetail(error) ?? 'Failed to revoke the calendar feed'),
  });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Feed URL copied');
    } catch {
      toast.error('Could not copy: select the URL and copy it');
    }
  }

  return (
    <SectionCard
      title="Phone calendar feed"
      description={
        'A private iCalendar URL of every booking that is not cancelled, for the calendar app on your phone. ' +
        'Anyone with the URL can read it; it is yours alone and is shown only once.'
      }
    >
      <QueryContent
        query={feed}
        loadingLabel="Loading the calendar feed"
        errorMessage="Failed to load the calendar feed"
      >
        {(state) => (
          <Stack gap="4">
            <Text fontSize="sm" role="status">
              {state.active && state.created_at
                ? `Your feed is live, made ${indiaDateTimeText(state.created_at)}.`
                : 'You have no calendar feed.'}
            </Text>
            {shownUrl && state.active && (
              <Stack gap="2" bg="green.subtle" borderWidth="1px" borderColor="green.300" rounded="lg" p="3">
                <Text fontSize="sm" fontWeight="semibold" id="feed-url-label">
                  Your feed URL (copy it now; it is not shown again)
                </Text>
                <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
                  <Input
                    readOnly
                    value={shownUrl}
                    aria-labelledby="feed-url-label"
                    bg="bg.panel"
                    fontFamily="mono"
                    fontSize="sm"
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <Button colorPalette="accent" onClick={() => void copy(shownUrl)} flexShrink={0}>
                    <Copy aria-hidden="true" /> Copy URL
                  </Button>
                </Flex>
              </Stack>
            )}
            <Flex gap="3" wrap="wrap">
              <Button
                rounded="full"
                px="5"
                loading={create.isPending && confirming === null}
                onClick={() => (state.active ? setConfirming('replace') : create.mutate())}
              >
                {state.active ? 'Make a new feed URL' : 'Make a feed URL'}
              </Button>
              {state.active && (
                <Button variant="outline" colorPalette="red" rounded="full" onClick={() => setConfirming('revoke')}>
                  Revoke feed
                </Button>
              )}
            </Flex>
            <ConfirmDialog
              open={confirming === 'replace'}
              onClose={() => setConfirming(null)}
              onConfirm={() => create.mutate()}
              loading={create.isPending}
              title="Make a new feed URL?"
              description={
                'The URL you use now stops working at once; phone calendars that use it must be given the new one.'
              }
              confirmLabel="Make a new URL"
            />
            <ConfirmDialog
              open={confirming === 'revoke'}
              onClose={() => setConfirming(null)}
              onConfirm={() => revoke.mutate()}
              loading={revoke.isPending}
              tone="danger"
              title="Revoke the calendar feed?"
              description={
                'Phone calendars that use the URL stop receiving events at once. You can make a new URL later.'
              }
              confirmLabel="Revoke feed"
            />
          </Stack>
        )}
      </QueryContent>
    </SectionCard>
  );
}
