// The eight views of the workbench, in the order of the navigation rail: the one list the rail and the router both
// read, so a view cannot be linked without a route or routed without a place in the rail.
import type { ReactNode } from 'react';
import { BarChart3, Boxes, Cpu, FlaskConical, LayoutDashboard, MessagesSquare, Network, Settings, type LucideIcon } from 'lucide-react';
import type { StringKey } from '../i18n.tsx';
import { VIEW_PATHS, type ViewId } from './viewPaths.ts';
import { CatalogView } from '../views/catalog/CatalogView.tsx';
import { ChatView } from '../views/chat/ChatView.tsx';
import { EvaluationView } from '../views/evaluation/EvaluationView.tsx';
import { GraphView } from '../views/graph/GraphView.tsx';
import { ModelsView } from '../views/models/ModelsView.tsx';
import { OverviewView } from '../views/overview/OverviewView.tsx';
import { SettingsView } from '../views/settings/SettingsView.tsx';
import { SynthesisView } from '../views/synthesis/SynthesisView.tsx';

export interface ViewEntry {
  id: ViewId;
  /** Where the rail links to, and the address prefix of the view's pages (VIEW_PATHS, by the view's id). */
  path: string;
  icon: LucideIcon;
  label: StringKey;
  /**
   * How the router matches the view: `item` when an id may follow the path (`/chat/12`), `pages` when the view routes
   * its own pages below the path (`/eval/run/…`), else the path alone.
   */
  match?: 'item' | 'pages';
  /** The view, given the id that followed its path where `match` is `item`. */
  render: (id: string | undefined) => ReactNode;
}

const ENTRIES: Omit<ViewEntry, 'path'>[] = [
  { id: 'overview', icon: LayoutDashboard, label: 'nav.overview', render: () => <OverviewView /> },
  { id: 'chat', icon: MessagesSquare, label: 'nav.chat', match: 'item', render: (id) => <ChatView chatId={id} /> },
  { id: 'models', icon: Cpu, label: 'nav.models', render: () => <ModelsView /> },
  { id: 'catalog', icon: Boxes, label: 'nav.catalog', match: 'item', render: (id) => <CatalogView toolId={id} /> },
  { id: 'graph', icon: Network, label: 'nav.graph', render: () => <GraphView /> },
  { id: 'synthesis', icon: FlaskConical, label: 'nav.synthesis', match: 'pages', render: () => <SynthesisView /> },
  { id: 'evaluation', icon: BarChart3, label: 'nav.evaluation', match: 'pages', render: () => <EvaluationView /> },
  { id: 'settings', icon: Settings, label: 'nav.settings', render: () => <SettingsView /> },
];

export const VIEWS: ViewEntry[] = ENTRIES.map((entry) => ({ ...entry, path: VIEW_PATHS[entry.id] }));

/** The view an address belongs to (`/chat/12` → chat). */
export function viewAt(location: string): ViewEntry {
  return VIEWS.find((v) => v.path !== '/' && (location === v.path || location.startsWith(`${v.path}/`))) ?? VIEWS[0]!;
}
