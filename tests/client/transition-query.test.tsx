import { QueryClient, QueryClientProvider, useQuery, type QueryObserverResult } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { Suspense, use, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useTransitionQuery } from '../../src/client/lib/transition-query';

/** A part of the page whose code is still on its way (a lazily loaded chunk), for as long as the test runs. */
const neverArrives = new Promise<never>(() => {});
function StillLoading(): null {
  use(neverArrives);
  return null;
}

type Hook = (fetchAnswer: () => Promise<string>) => QueryObserverResult<string, Error>;
const useWithTransition: Hook = (fetchAnswer) => useTransitionQuery({ queryKey: ['answer'], queryFn: fetchAnswer });
const useWithHook: Hook = (fetchAnswer) => useQuery({ queryKey: ['answer'], queryFn: fetchAnswer });

/** Shows the answer next to something that suspends, so the way the answer is rendered can be told apart. */
function Probe({ hook, fetchAnswer }: { hook: Hook; fetchAnswer: () => Promise<string> }) {
  const result = hook(fetchAnswer);
  if (result.data === undefined) return <p>The page as first drawn</p>;
  return (
    <>
      <p>Answer: {result.data}</p>
      <StillLoading />
    </>
  );
}

function renderProbe(hook: Hook) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetchAnswer = vi.fn(async () => 'brand');
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p>Loading page</p>}>
        <Probe hook={hook} fetchAnswer={fetchAnswer} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { queryClient, fetchAnswer };
}

describe('useTransitionQuery', () => {
  it('renders the answer as a transition: what is on screen stays while the new render waits', async () => {
    const { queryClient } = renderProbe(useWithTransition);
    expect(screen.getByText('The page as first drawn')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(['answer'])).toBe('brand'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('The page as first drawn')).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
  });

  it("differs from react-query's own hook, whose answer is rendered at once (the page gives way to its fallback)", async () => {
    const { queryClient } = renderProbe(useWithHook);
    await waitFor(() => expect(queryClient.getQueryData(['answer'])).toBe('brand'));
    expect(await screen.findByText('Loading page')).toBeInTheDocument();
  });

  it('fetches once enabled, shares the cache with the hooks, and shows the answer', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetchAnswer = vi.fn(async () => 'signed in');
    let enable = () => {};
    function Session() {
      const [enabled, setEnabled] = useState(false);
      enable = () => setEnabled(true);
      const me = useTransitionQuery({ queryKey: ['me'], queryFn: fetchAnswer, enabled });
      return <p>{me.isSuccess ? me.data : me.isPending ? 'pending' : 'failed'}</p>;
    }
    render(
      <QueryClientProvider client={queryClient}>
        <Session />
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchAnswer).not.toHaveBeenCalled();
    expect(screen.getByText('pending')).toBeInTheDocument();

    enable();
    expect(await screen.findByText('signed in')).toBeInTheDocument();
    expect(fetchAnswer).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['me'])).toBe('signed in');
  });
});
