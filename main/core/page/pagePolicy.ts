// The window's page policy, the same in the desktop shell and in browser mode: nothing but the app's own scripts,
// styles, images and fonts, and its own engine connection. One exception is made for styles, by nonce: the dialogs'
// scroll lock (react-remove-scroll, under Radix's dialogs) writes a <style> element while a dialog is open. Each page
// load gets a fresh nonce, named in the policy and in a <meta> the renderer hands to that library (get-nonce).

/** The <meta> name the renderer reads its style nonce from. */
export const STYLE_NONCE_META = 'kopa-style-nonce';

/** A page's policy: `connect` are the sources besides 'self' it may connect to (the engine's WebSocket). */
export function pagePolicy(options: { styleNonce: string; connect?: string[] }): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${options.styleNonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...(options.connect ?? [])].join(' '),
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The app's index page with the load's style nonce where the renderer reads it. */
export function withStyleNonce(html: string, nonce: string): string {
  return html.replace(/<head>/i, `<head><meta name="${STYLE_NONCE_META}" content="${nonce}">`);
}
