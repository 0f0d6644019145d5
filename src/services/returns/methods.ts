/**
 * Return methods: how a tenant lets customers send goods back (a carrier account and service, drop
 * off or pickup, what it costs). The face binds the dependencies to the use cases, each a named
 * function of its own: createMethod, readMethod, updateMethod, removeMethod and findMethod
 * (change-method.ts), and listMethods (list-methods.ts), with each drop-off method's options near a
 * customer.
 */
import { bind } from '../../foundations/bind.js';
import { createMethod, findMethod, readMethod, removeMethod, updateMethod } from './change-method.js';
import { listMethods } from './list-methods.js';
import type { ReturnMethodsDeps } from './method-deps.js';

export type { ReturnMethodsDeps };

export function createReturnMethodsService(deps: ReturnMethodsDeps) {
  return {
    create: bind(deps, createMethod),
    read: bind(deps, readMethod),
    update: bind(deps, updateMethod),
    remove: bind(deps, removeMethod),
    list: bind(deps, listMethods),
    get: bind(deps, findMethod),
  };
}

export type ReturnMethodsService = ReturnType<typeof createReturnMethodsService>;
