// The "⋮" menu of a list row or card: a labelled button opening a menu of actions (edit, archive...).
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MoreVerticalIcon } from '../icons';

export interface RowAction {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Shown in red (e.g. Archivia). */
  danger?: boolean;
  onSelect: () => void;
}

/** `label` names the button for screen readers, e.g. "Azioni per Under 12". No actions (a read-only role): no button. */
export function ActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  if (!actions.length) return null;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={label} title={label} variant="ghost" colorPalette="gray" size="sm">
          <MoreVerticalIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {actions.map((action) => (
              <Menu.Item
                key={action.value}
                value={action.value}
                onSelect={action.onSelect}
                cursor="pointer"
                color={action.danger ? 'fg.error' : undefined}
                _highlighted={action.danger ? { bg: 'bg.error', color: 'fg.error' } : undefined}
              >
                {action.icon}
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
