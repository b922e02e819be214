import { Box } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListPager } from './list-pager';
import { EmptyPanel, QueryContent, type QueryLike } from './panel-states';
import { SectionCard } from './section-card';
import { StatusFilter } from './status-filter';
import { intParam, useAddressParams } from './use-address-params';

/** The query options of a filtered list: the page shown stays while the next one loads. */
export const KEEP_PAGE = { placeholderData: keepPreviousData } as const;

/**
 * A status filter and a page number, kept in the address (`show`, and `page` counted from 1) so a reload keeps them
 * and a filtered list can be linked; the default filter and the first page leave the address clean. Changing the
 * filter goes back to the first page. A value the list does not know reads as the default.
 */
export function useFilteredPage<Filter extends string>(initial: Filter, filters: readonly { value: Filter }[]) {
  const [params, update] = useAddressParams();
  const filter = filters.find((option) => option.value === params.get('show'))?.value ?? initial;
  const page = Math.max(0, intParam(params, 'page', 1, 1) - 1);
  return {
    filter,
    setFilter: (value: Filter) => update({ show: value === initial ? null : value, page: null }),
    page,
    setPage: (next: number) => update({ page: next > 0 ? String(next + 1) : null }),
  };
}

type FilteredListSectionProps<Filter extends string, Item> = {
  title: string;
  description: string;
  /** Names the pager ("Payment orders pages") and the loading and error texts. */
  label: string;
  loadingLabel: string;
  errorMessage: string;
  filters: readonly { value: Filter; label: string }[];
  state: ReturnType<typeof useFilteredPage<Filter>>;
  pageSize: number;
  query: QueryLike<{ items: Item[]; total: number }>;
  empty: { title: string; description: string };
  children(items: Item[]): ReactNode;
  /** The section's dialogs. */
  footer?: ReactNode;
};

/** One admin list with a "Show" status filter above it, its loading, error and empty states, and a server pager. */
export function FilteredListSection<Filter extends string, Item>(props: FilteredListSectionProps<Filter, Item>) {
  const {
    title,
    description,
    label,
    loadingLabel,
    errorMessage,
    filters,
    state,
    pageSize,
    query,
    empty,
    children,
    footer,
  } = props;
  return (
    <SectionCard title={title} description={description}>
      <Box mb="4">
        <StatusFilter label="Show" value={state.filter} options={filters} onChange={state.setFilter} />
      </Box>
      <QueryContent
        query={query}
        loadingLabel={loadingLabel}
        errorMessage={errorMessage}
        isEmpty={(result) => result.items.length === 0}
        empty={<EmptyPanel {...empty} />}
      >
        {(result) => children(result.items)}
      </QueryContent>
      {query.data && query.data.total > 0 && (
        <ListPager
          label={label}
          page={state.page}
          pageSize={pageSize}
          total={query.data.total}
          onPageChange={state.setPage}
          busy={query.isFetching}
        />
      )}
      {footer}
    </SectionCard>
  );
}
