import { Box, Button, Center, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CalendarSearch, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'wouter';
import { todayInIndia } from '../../../shared/dates';
import type { SupplierNotificationDto, SupplierProjectDto } from '../../../shared/schemas/projects';
import { useLiveNotifications } from '../../components/live-alerts';
import { PageLoader } from '../../components/page-loader';
import { httpStatusOf, serverDetail } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { NotificationsCard } from './notifications-card';
import { ProjectCard } from './project-card';
import { QuoteDialog } from './quote-dialog';
import { SupplierHeader } from './supplier-header';
import {
  activeProjectCount,
  estimatedRevenue,
  isQuotable,
  orderProjects,
  SUPPLIER_MESSAGES,
  unreadCount,
} from './supplier-format';
import { SupplierStats } from './supplier-stats';
import { useNow } from './use-now';

/** New projects reach a supplier within a minute of assignment, and countdowns tick each minute. */
const REFRESH_MS = 60_000;
const LOAD_FAILED_TOAST = 'supplier-load-failed';

function EmptyProjects() {
  return (
    <Center
      flexDirection="column"
      gap="3"
      textAlign="center"
      bg="bg.panel"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="border.emphasized"
      rounded="2xl"
      px="6"
      py={{ base: '10', md: '14' }}
    >
      <Flex
        boxSize="12"
        rounded="full"
        align="center"
        justify="center"
        bg="brand.subtle"
        color="brand.fg"
        aria-hidden="true"
      >
        <CalendarSearch size={22} />
      </Flex>
      <Heading as="h3" fontSize="lg" color="accent.950">
        No projects yet
      </Heading>
      <Text color="fg.muted" maxW="md" textWrap="pretty">
        When our team invites you to quote for an event, it appears here and you get a notification and an e-mail.
      </Text>
    </Center>
  );
}

function LoadError({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  return (
    <Center flexDirection="column" gap="3" textAlign="center" py="16" role="alert">
      <Box color="red.600" aria-hidden="true">
        <TriangleAlert size={28} />
      </Box>
      <Text fontWeight="semibold">{SUPPLIER_MESSAGES.loadFailed}</Text>
      <Button variant="outline" colorPalette="accent" rounded="full" onClick={onRetry} loading={retrying}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </Center>
  );
}

/**
 * docs/product.md#screens "Supplier Dashboard" with the states of section 4 and the messages of section 8:
 * notifications and projects are fetched together on load (and again every minute), the four cards, the notifications
 * card, the project grid and the quote dialog.
 */
export function SupplierDashboard() {
  const { user, signOut } = useSession();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const notificationsQuery = trpc.supplier.notifications.list.useQuery(undefined, { refetchInterval: REFRESH_MS });
  const projectsQuery = trpc.supplier.projects.list.useQuery(undefined, { refetchInterval: REFRESH_MS });
  const now = useNow(REFRESH_MS);
  // A new invitation, an outcome or a change to a project updates the cards at once (docs/product.md#live-alerts).
  const unread = useLiveNotifications(() => {
    void utils.supplier.notifications.list.invalidate();
    void utils.supplier.projects.list.invalidate();
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const cardRefs = useRef(new Map<string, HTMLElement>());

  const notifications = notificationsQuery.data;
  const projects = projectsQuery.data;
  const loadError = notificationsQuery.error ?? projectsQuery.error;
  const errorAt = Math.max(notificationsQuery.errorUpdatedAt, projectsQuery.errorUpdatedAt);

  useEffect(() => {
    // An expired session has its own message (the session signs out); everything else is the spec's load failure.
    if (!loadError || httpStatusOf(loadError) === 401) return;
    toast.error(SUPPLIER_MESSAGES.loadFailed, { id: LOAD_FAILED_TOAST });
  }, [loadError, errorAt]);

  const markRead = trpc.supplier.notifications.markRead.useMutation({
    onMutate: ({ notification_id }) => {
      utils.supplier.notifications.list.setData(undefined, (list) =>
        list?.map((item) => (item.id === notification_id ? { ...item, read: true } : item)),
      );
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Could not mark the notification as read');
      void utils.supplier.notifications.list.invalidate();
    },
  });
  const markAllRead = trpc.supplier.notifications.markAllRead.useMutation({
    onSuccess: () => {
      utils.supplier.notifications.list.setData(undefined, (list) => list?.map((item) => ({ ...item, read: true })));
    },
    onError: (error) => {
      toast.error(serverDetail(error) ?? 'Could not mark the notifications as read');
    },
  });

  // Won jobs stay active work until their event day has passed, by India's calendar.
  const today = todayInIndia(new Date(now));
  const projectsById = useMemo(() => new Map((projects ?? []).map((project) => [project.id, project])), [projects]);
  const ordered = useMemo(() => orderProjects(projects ?? [], today), [projects, today]);
  const selected = selectedId ? (projectsById.get(selectedId) ?? null) : null;

  const reload = useCallback(() => {
    void utils.supplier.notifications.list.invalidate();
    void utils.supplier.projects.list.invalidate();
  }, [utils]);

  const showProject = useCallback((project: SupplierProjectDto) => {
    const card = cardRefs.current.get(project.id);
    card?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    card?.focus({ preventScroll: true });
    setHighlightedId(project.id);
  }, []);

  useEffect(() => {
    if (!highlightedId) return undefined;
    const timer = window.setTimeout(() => setHighlightedId(null), 2500);
    return () => window.clearTimeout(timer);
  }, [highlightedId]);

  async function logout() {
    setLoggingOut(true);
    await signOut();
    navigate('/login', { replace: true });
  }

  const header = (
    <SupplierHeader name={user?.full_name} onLogout={() => void logout()} loggingOut={loggingOut} unread={unread} />
  );

  let body;
  if (notifications && projects) {
    body = (
      <Stack gap={{ base: '6', md: '8' }}>
        <SupplierStats
          activeProjects={activeProjectCount(projects, today)}
          unread={unreadCount(notifications)}
          revenue={estimatedRevenue(projects, today)}
        />

        {notifications.length > 0 && (
          <NotificationsCard
            notifications={notifications}
            projectFor={(notification: SupplierNotificationDto) =>
              notification.project_id ? projectsById.get(notification.project_id) : undefined
            }
            canQuote={(project) => isQuotable(project, now)}
            now={now}
            onSubmitQuote={(project) => setSelectedId(project.id)}
            onShowProject={showProject}
            onMarkRead={(notification) => markRead.mutate({ notification_id: notification.id })}
            onMarkAllRead={() => markAllRead.mutate()}
            markingAll={markAllRead.isPending}
          />
        )}

        <Box as="section" aria-labelledby="projects-heading">
          <Flex align="baseline" justify="space-between" gap="3" mb="4" wrap="wrap">
            <Heading id="projects-heading" as="h2" fontSize={{ base: 'xl', md: '2xl' }} color="accent.950">
              Available Projects
            </Heading>
            {projects.length > 0 && (
              <Text fontSize="sm" color="fg.muted">
                {projects.length === 1 ? '1 project' : `${projects.length} projects`}
              </Text>
            )}
          </Flex>
          {projects.length === 0 ? (
            <EmptyProjects />
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={{ base: '4', md: '5' }} alignItems="stretch">
              {ordered.map((project) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  now={now}
                  onQuote={(chosen) => setSelectedId(chosen.id)}
                  highlighted={highlightedId === project.id}
                  cardRef={(element: HTMLElement | null) => {
                    if (element) cardRefs.current.set(project.id, element);
                    else cardRefs.current.delete(project.id);
                  }}
                />
              ))}
            </SimpleGrid>
          )}
        </Box>
      </Stack>
    );
  } else if (loadError) {
    body = <LoadError onRetry={reload} retrying={notificationsQuery.isFetching || projectsQuery.isFetching} />;
  } else {
    body = <PageLoader label={SUPPLIER_MESSAGES.loading} />;
  }

  return (
    <Box minH="100dvh" bg="bg.subtle" display="flex" flexDirection="column">
      {header}
      <Container as="main" maxW="7xl" flex="1" py={{ base: '5', md: '8' }}>
        {body}
      </Container>
      <QuoteDialog
        project={selected}
        now={now}
        onClose={() => setSelectedId(null)}
        onSubmitted={() => {
          setSelectedId(null);
          reload();
        }}
        onClosedMeanwhile={() => {
          setSelectedId(null);
          reload();
        }}
        onStale={() => void utils.supplier.projects.list.invalidate()}
      />
    </Box>
  );
}
