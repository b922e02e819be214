import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../../src/shared/domain';
import { makeActor, type Actor } from './projects';
import { createTestApp, type TestApp } from './test-app';

/** The actors a file signs in, by the names its tests call them; `t` and `inject` are the suite's own names. */
type Actors = Record<string, Role> & { t?: never; inject?: never };

type SuiteOptions = {
  /** Settings for this file's app (`createTestApp`'s `env`). */
  env?: Record<string, string>;
  /** The set-up hook's timeout, when the file's set-up needs longer than the server project's. */
  timeout?: number;
};

export type Suite<A> = {
  t: TestApp;
  /** A request to the app, signed in with `auth` (an actor's `auth`) when given, with a JSON `payload` when given. */
  inject: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    auth?: Record<string, string>,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
} & { [K in keyof A]: Actor };

const ADMIN_AND_ALICE = { admin: 'admin', alice: 'customer' } as const;

/**
 * A test file's app and actors, called once at the file's top level:
 * `const { t, admin, alice, inject } = setUpSuite();` or, naming other actors,
 * `setUpSuite({ admin: 'admin', customer: 'customer' })`. It registers a `beforeAll` that builds the app on a fresh
 * database and signs the actors in (in the order given), and an `afterAll` that closes the app; a file's own hooks,
 * registered after the call, run after that set-up and before that close. `t` and the actors stand for what the
 * `beforeAll` makes: read them inside tests and hooks, as the `let`s they replace; reading one before, at the file's
 * top level or in a `describe` body, throws instead of finding nothing.
 */
export function setUpSuite(): Suite<typeof ADMIN_AND_ALICE>;
export function setUpSuite<A extends Actors>(actors: A, options?: SuiteOptions): Suite<A>;
export function setUpSuite(actors: Actors = ADMIN_AND_ALICE, options: SuiteOptions = {}): object {
  const app = madeLater<TestApp>('t');
  const made = Object.entries(actors).map(([name, role]) => ({ name, role, actor: madeLater<Actor>(name) }));
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await createTestApp(options.env);
    app.set(opened);
    for (const { role, actor } of made) actor.set(await makeActor(opened.deps, role));
  }, options.timeout);
  afterAll(async () => {
    await opened?.close();
  });
  const t = app.value;
  const inject: Suite<object>['inject'] = (method, url, auth, payload) =>
    t.app.inject({ method, url, headers: auth ?? {}, ...(payload !== undefined && { payload }) });
  return { ...Object.fromEntries(made.map(({ name, actor }) => [name, actor.value])), t, inject };
}

/** Stands for the object `set` gives it later; reading it before then throws. */
function madeLater<T extends object>(name: string): { value: T; set(made: T): void } {
  let made: T | undefined;
  const current = (): T => {
    if (made === undefined) throw new Error(`${name} is made in beforeAll: read it inside a test or a hook`);
    return made;
  };
  const value = new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(current(), key),
  });
  return {
    value,
    set: (next) => {
      made = next;
    },
  };
}
