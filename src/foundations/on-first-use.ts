/**
 * What is made on its first use and kept: the first call starts `make`, later calls share its
 * promise. A make that failed is not kept: asked again, it is tried again rather than failing for
 * the process's life (a carrier's code, a plugin loaded for its first request).
 */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    }));
}
