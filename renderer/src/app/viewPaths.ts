// Where each view lives, for the rail, the router (views.tsx) and every link from one view to another: written once,
// so a link cannot name an address no view answers. A view's own pages below its path (a run, a dataset) are its own.
export const VIEW_PATHS = {
  overview: '/',
  chat: '/chat',
  models: '/models',
  catalog: '/catalog',
  graph: '/graph',
  synthesis: '/synthesis',
  evaluation: '/eval',
  settings: '/settings',
} as const;

export type ViewId = keyof typeof VIEW_PATHS;

/** The address of a view, or of one item in it (a chat, a tool). */
export function viewLink(view: ViewId, item?: string): string {
  return item === undefined ? VIEW_PATHS[view] : `${VIEW_PATHS[view]}/${encodeURIComponent(item)}`;
}
