/** Who is signed in, given to every page below the layout; what it may do decides what is shown. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Me, Permission } from './types';

export const MeContext = createContext<Me | null>(null);

export function useMe(): Me | null {
  return useContext(MeContext);
}

/**
 * Whether the signed-in user may do what a button does: a button it may not use is not shown at
 * all. The service decides again for every request (403 forbidden naming the permission).
 */
export function useCan(permission: Permission): boolean {
  return useContext(MeContext)?.permissions.includes(permission) ?? false;
}
