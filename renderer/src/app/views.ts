// The eight views of the workbench, in the order of the navigation rail.
import { BarChart3, Boxes, Cpu, FlaskConical, LayoutDashboard, MessagesSquare, Network, Settings, type LucideIcon } from 'lucide-react';
import type { StringKey } from '../i18n.tsx';

export interface ViewEntry {
  id: 'overview' | 'chat' | 'models' | 'catalog' | 'graph' | 'synthesis' | 'evaluation' | 'settings';
  path: string;
  icon: LucideIcon;
  label: StringKey;
}

export const VIEWS: ViewEntry[] = [
  { id: 'overview', path: '/', icon: LayoutDashboard, label: 'nav.overview' },
  { id: 'chat', path: '/chat', icon: MessagesSquare, label: 'nav.chat' },
  { id: 'models', path: '/models', icon: Cpu, label: 'nav.models' },
  { id: 'catalog', path: '/catalog', icon: Boxes, label: 'nav.catalog' },
  { id: 'graph', path: '/graph', icon: Network, label: 'nav.graph' },
  { id: 'synthesis', path: '/synthesis', icon: FlaskConical, label: 'nav.synthesis' },
  { id: 'evaluation', path: '/eval', icon: BarChart3, label: 'nav.evaluation' },
  { id: 'settings', path: '/settings', icon: Settings, label: 'nav.settings' },
];

/** The view an address belongs to (`/chat/12` → chat). */
export function viewAt(location: string): ViewEntry {
  return VIEWS.find((v) => v.path !== '/' && (location === v.path || location.startsWith(`${v.path}/`))) ?? VIEWS[0]!;
}
