import { lazy, Suspense, useState } from 'react';
import { SwitcherButton, type WorkspaceSwitcherProps } from './switcher-button';

// The list (a popover with a searchable listbox) is code a visitor needs only once they open it: the sidebar
// shows the plain button, and the menu's chunk loads when the pointer or focus reaches it.
const loadMenu = () => import('./workspace-switcher-menu');
const WorkspaceSwitcherMenu = lazy(() =>
  loadMenu().then((module) => ({ default: module.WorkspaceSwitcherMenu })),
);

export function WorkspaceSwitcher(props: WorkspaceSwitcherProps) {
  const [opened, setOpened] = useState(false);
  const current = props.workspaces.find((workspace) => workspace.id === props.currentId);
  const button = (
    <SwitcherButton
      current={current}
      open={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setOpened(true)}
    />
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <WorkspaceSwitcherMenu {...props} defaultOpen />
    </Suspense>
  );
}
