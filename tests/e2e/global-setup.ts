import type { TestProject } from 'vitest/node';
import { startApp } from './app-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The app's data directory: the development mail transport writes each message to its `mail/` folder. */
    dataDir: string;
  }
}

/** Starts the built app on a free port with a fresh data directory and the demo data. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const app = await startApp();
  project.provide('baseURL', app.baseURL);
  project.provide('dataDir', app.dataDir);
  return app.stop;
}
