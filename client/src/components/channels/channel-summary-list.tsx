// A list of group channels (issue 39 point 4), the staff's (/canali) and the family's (/area): each one its group
// (a link over the whole card), whom it is for and the club in the personal area, the last message (author, text on
// one line, how long ago), the unread count and whether its notifications are off. Shared (components/): both
// features use it.
import { Badge, Box, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { ChannelSummaryFieldsFragment } from '../../gql/graphql';
import { BellOffIcon, ChevronRightIcon } from '../icons';
import { previewText, relativeTime, unreadLabel } from './channel-labels';

export interface ChannelSummaryListProps {
  channels: readonly ChannelSummaryFieldsFragment[];
  /** The conversation's address. */
  linkTo: (groupId: string) => string;
  /** The list's accessible name. */
  label: string;
  /** The personal area: "per Luca Bianchi · ASD ..." under the name. */
  family?: boolean;
  now?: Date;
}

function ChannelItem({ channel, to, family, now }: { channel: ChannelSummaryFieldsFragment; to: string; family: boolean; now: Date }) {
  const last = channel.lastMessage;
  const unread = channel.unread > 0;
  const details = family ? [channel.forNames.length ? `per ${channel.forNames.join(', ')}` : '', channel.clubName].filter(Boolean).join(' · ') : '';
  return (
    <Box
      as="li"
      aria-label={channel.groupName}
      position="relative"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      borderColor={unread ? 'brand.emphasized' : undefined}
      px={{ base: '3', md: '4' }}
      py="3"
      _hover={{ borderColor: 'border.emphasized' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
    >
      <Flex gap="3" align="center">
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            {/* the whole card opens the conversation (the link's area stretched over it) */}
            <Link
              asChild
              fontWeight={unread ? 'bold' : 'semibold'}
              colorPalette="brand"
              overflowWrap="anywhere"
              minW="0"
              outline="none"
              _after={{ content: '""', position: 'absolute', inset: '0', borderRadius: 'xl' }}
            >
              <RouterLink to={to}>{channel.groupName}</RouterLink>
            </Link>
            {unread && (
              <Badge colorPalette="brand" variant="solid" size="sm">
                {unreadLabel(channel.unread)}
              </Badge>
            )}
            {channel.archived && (
              <Badge colorPalette="gray" variant="subtle" size="sm">
                Archiviato
              </Badge>
            )}
            {channel.muted && (
              <HStack as="span" gap="1" fontSize="xs" color="fg.muted">
                <BellOffIcon boxSize="3.5" />
                <span>Silenziato</span>
              </HStack>
            )}
          </HStack>
          {details && (
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {details}
            </Text>
          )}
          {last ? (
            <Flex gap="2" fontSize="sm" minW="0" align="baseline">
              <Text truncate flex="1" minW="0" color={unread ? 'fg' : 'fg.muted'} fontStyle={last.hidden ? 'italic' : undefined}>
                <Text as="span" fontWeight="medium">{`${last.authorName}: `}</Text>
                {previewText(last)}
              </Text>
              <Text as="span" color="fg.muted" flexShrink={0} fontSize="xs">
                {relativeTime(last.createdAt, now)}
              </Text>
            </Flex>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Ancora nessun messaggio.
            </Text>
          )}
        </Stack>
        <ChevronRightIcon color="fg.muted" flexShrink={0} />
      </Flex>
    </Box>
  );
}

export function ChannelSummaryList({ channels, linkTo, label, family = false, now = new Date() }: ChannelSummaryListProps) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={label} m="0" p="0">
      {channels.map((c) => (
        <ChannelItem key={c.groupId} channel={c} to={linkTo(c.groupId)} family={family} now={now} />
      ))}
    </Stack>
  );
}
