// One notice of the feed: title, priority (none shows nothing), caption, target groups, date, active badge, actions.
import { Badge, Card, Flex, HStack, Text, Wrap } from '@chakra-ui/react';
import { ArchiveIcon, PencilIcon } from '../../../components/icons';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { ActiveBadge } from '../../../components/ui/active-badge';
import type { FeedPage_PostFragment } from '../../../gql/graphql';
import { formatPostDate, priorityBadge } from '../feed-filters';

export type Post = FeedPage_PostFragment;

/** `canChange`: whether the member may edit and archive it (else no actions menu). */
export function PostCard({ post, canChange, onEdit, onArchive }: { post: Post; canChange: boolean; onEdit: () => void; onArchive: () => void }) {
  const priority = priorityBadge(post.priority);
  return (
    <Card.Root as="article" size="sm" h="full" aria-label={post.title}>
      <Card.Header pb="0">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Card.Title as="h2" fontSize="md" overflowWrap="anywhere">
            {post.title}
          </Card.Title>
          <ActionsMenu
            label={`Azioni per ${post.title}`}
            actions={
              canChange
                ? [
                    { value: 'edit', label: 'Modifica', icon: <PencilIcon boxSize="4" />, onSelect: onEdit },
                    { value: 'archive', label: 'Archivia', icon: <ArchiveIcon boxSize="4" />, danger: true, onSelect: onArchive },
                  ]
                : []
            }
          />
        </Flex>
        <HStack gap="2" wrap="wrap">
          {priority && (
            <Badge colorPalette={priority.colorPalette} variant="solid">
              {priority.label}
            </Badge>
          )}
          <ActiveBadge active={post.isActive} />
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <Text color="fg.muted" whiteSpace="pre-line" overflowWrap="anywhere" lineClamp={6}>
          {post.caption}
        </Text>
        {post.groups.length > 0 && (
          <Wrap gap="1.5" role="group" aria-label="Gruppi destinatari">
            {post.groups.map((g) => (
              <Badge key={g.id} variant="outline" colorPalette="gray">
                {g.name}
              </Badge>
            ))}
          </Wrap>
        )}
      </Card.Body>
      <Card.Footer pt="0">
        <Text fontSize="sm" color="fg.muted">
          <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
        </Text>
      </Card.Footer>
    </Card.Root>
  );
}
