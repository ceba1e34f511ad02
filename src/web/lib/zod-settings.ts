/** Where zod keeps its settings (`z.config()`): a global, so they can be given before zod is loaded. */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

/**
 * Tells zod not to probe for `new Function` (to compile fast object parsers) on its first parse: the CSP
 * forbids eval, and Chrome reports each attempt. The app's forms are small; the plain parser is enough.
 * Written where zod reads its settings rather than through `z.config()`: that import put zod's core
 * (3.9 KB compressed) into the first page's script, which parses nothing (decision 29).
 */
export function configureZod() {
  const settings = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
  settings.jitless = true;
}
