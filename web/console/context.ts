/** The signed-in key, given to every page below the layout. */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export const KeyContext = createContext<string>('');

export function useKey(): string {
  return useContext(KeyContext);
}
