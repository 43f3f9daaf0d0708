/**
 * Headers on every answer that tell the browser what the console may do: scripts, styles and
 * requests only from this server, no framing, no plugins, no form posts elsewhere, and no
 * access to the camera, microphone or location. The console is one built bundle of files from
 * /assets with no inline script, so it needs nothing more; a script injected through a name
 * would not run. HSTS only when the server is reached over HTTPS (secure cookies on).
 */
export function securityHeaders(https: boolean): ReadonlyArray<readonly [string, string]> {
  return [
    [
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'same-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
    ...(https ? [['strict-transport-security', 'max-age=15552000'] as const] : []),
  ];
}
