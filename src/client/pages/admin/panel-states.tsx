import { Button, Center, EmptyState, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { CircleAlert, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list waiting for its data: a few grey bars where the rows will be, announced as loading. */
export function LoadingRows({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Stack gap="3" py="2" role="status" aria-live="polite" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="10" rounded="md" />
      ))}
    </Stack>
  );
}

export function EmptyPanel({ title, description, icon }: { title: string; description?: ReactNode; icon?: ReactNode }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.600">{icon ?? <Inbox aria-hidden="true" />}</EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** A part of the dashboard that could not load, with a way to try again (the toast has already said so). */
export function ErrorPanel({ message, onRetry, retrying }: { message: string; onRetry(): void; retrying?: boolean }) {
  return (
    <Center py="8" role="alert">
      <VStack gap="3" textAlign="center">
        <CircleAlert aria-hidden="true" color="var(--chakra-colors-red-600)" />
        <Text color="fg.muted">{message}</Text>
        <Button size="sm" variant="outline" colorPalette="accent" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </VStack>
    </Center>
  );
}

export type QueryLike<Data> = { data: Data | undefined; isError: boolean; isFetching: boolean; refetch(): unknown };

type QueryContentProps<Data> = {
  query: QueryLike<Data>;
  /** Announced while loading ("Loading bookings"). */
  loadingLabel: string;
  loadingRows?: number;
  /** Shown when the first load failed, with Try again. */
  errorMessage: string;
  isEmpty?(data: Data): boolean;
  empty?: ReactNode;
  children(data: Data): ReactNode;
};

/**
 * The four states of one part of the dashboard: loading, failed (with Try again), empty, and the data. Data already
 * shown stays on screen while it reloads in the background.
 */
export function QueryContent<Data>({
  query,
  loadingLabel,
  loadingRows,
  errorMessage,
  isEmpty,
  empty,
  children,
}: QueryContentProps<Data>) {
  if (query.isError && query.data === undefined) {
    return <ErrorPanel message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.data === undefined) return <LoadingRows label={loadingLabel} rows={loadingRows} />;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
