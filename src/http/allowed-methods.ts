/**
 * The methods each path answers, for a request whose method has no route there: `GET /rate` is
 * answered 405 with `Allow: POST` (and the error says which methods), not "No route".
 */
import type { App } from './types.js';

interface Pattern {
  test: RegExp;
  methods: Set<string>;
}

/** Collects every route as it is added; the answer lists the methods of the patterns a path matches. */
export function collectAllowedMethods(app: App): (path: string) => string[] {
  const patterns = new Map<string, Pattern>();
  app.addHook('onRoute', (route) => {
    const source = route.url
      .split('/')
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const p = patterns.get(source) ?? { test: new RegExp(`^${source}$`), methods: new Set<string>() };
    for (const m of [route.method].flat()) p.methods.add(m);
    patterns.set(source, p);
  });
  return (path) => {
    const methods = new Set<string>();
    for (const p of patterns.values()) if (p.test.test(path)) for (const m of p.methods) methods.add(m);
    return [...methods].sort();
  };
}
