/**
 * A feature's face binds its dependencies to its use cases once: each use case is a named function
 * of its own (`createReturn(deps, tenant, input, opts)`), found by name, and the face hands out
 * `create(tenant, input, opts)`.
 */
export function bind<D, A extends unknown[], R>(deps: D, useCase: (deps: D, ...args: A) => R): (...args: A) => R {
  return (...args) => useCase(deps, ...args);
}
