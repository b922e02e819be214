import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createQueryClient } from './lib/query-client';
import { createTrpcClient } from './lib/trpc';
import { AppProviders } from './providers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient()}>
      <App />
    </AppProviders>
  </StrictMode>,
);
