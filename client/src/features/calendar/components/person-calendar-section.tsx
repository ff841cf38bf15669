// The person page's "Calendario" card (issue 38 point 4): the person's private calendar link (the events of the
// groups they are in), made and revoked in the feed dialog; composed into the person page by app/routes/person.tsx.
import { Button, Text } from '@chakra-ui/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { FeedDialog } from './feed-dialog';

export function PersonCalendarSection({ personId, personName, Frame }: { personId: string; personName: string; Frame: ComponentType<{ title: string; action?: ReactNode; children: ReactNode }> }) {
  const [open, setOpen] = useState(false);
  return (
    <Frame
      title="Calendario"
      action={
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          Calendario privato
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted">
        {`Un link con gli allenamenti, le partite e gli eventi dei gruppi di ${personName}, da aggiungere al calendario del telefono (Google, Apple, Outlook).`}
      </Text>
      <FeedDialog target={open ? { kind: 'person', id: personId, name: personName } : null} onClose={() => setOpen(false)} />
    </Frame>
  );
}
