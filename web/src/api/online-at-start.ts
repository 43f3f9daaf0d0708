/**
 * Whether a page starts online, from its `navigator`: only a boolean `onLine` may say offline.
 * Node ≥ 21 has a global `navigator` with no `onLine` (a test or a server-side render), which
 * read as `undefined` would hold every write as if offline.
 */
export function onlineAtStart(nav: object | undefined): boolean {
  const onLine = (nav as { readonly onLine?: unknown } | undefined)?.onLine;
  return typeof onLine === 'boolean' ? onLine : true;
}
