// One person of the renewal list: the choice, who they are, and what the renewal does to them (a socio's quota, an
// athlete's category now and next season). A flowing row: the same markup on a phone and on a desk.
import { Badge, Box, Checkbox, Flex, Input, Text } from '@chakra-ui/react';
import type { RenewalRow } from './renewal-rows';
import { euros } from './renewal-rows';

export interface RenewalPersonRowProps {
  row: RenewalRow;
  checked: boolean;
  onToggle: (checked: boolean) => void;
  /** A socio's quota as typed ("" keeps last season's or the default). */
  quota: string;
  defaultQuota: string;
  onQuota: (text: string) => void;
}

export function RenewalPersonRow({ row, checked, onToggle, quota, defaultQuota, onQuota }: RenewalPersonRowProps) {
  const label = `${row.kind === 'member' ? 'Socio' : 'Atleta'} ${row.name}`;
  return (
    <Flex as="li" gap="3" align="center" wrap="wrap" py="2" borderBottomWidth="1px">
      <Checkbox.Root checked={checked} disabled={row.renewed} onCheckedChange={(d) => onToggle(d.checked === true)} colorPalette="brand" flex="1 1 14rem" minW="0">
        <Checkbox.HiddenInput aria-label={`Rinnova ${label}`} />
        <Checkbox.Control />
        <Checkbox.Label minW="0">
          <Text as="span" fontWeight="medium" overflowWrap="anywhere">
            {row.name}
          </Text>
          <Text as="span" display="block" fontSize="sm" color="fg.muted">
            {row.kind === 'member' ? `Socio n. ${row.number}` : `Atleta${row.birthday ? `, nato il ${row.birthday.split('-').reverse().join('/')}` : ''}`}
          </Text>
        </Checkbox.Label>
      </Checkbox.Root>
      {row.kind === 'member' ? (
        row.renewed ? (
          <Badge colorPalette="green">Già rinnovato</Badge>
        ) : (
          <Flex gap="2" align="center">
            <Input
              aria-label={`Quota ${row.name}`}
              w="24"
              inputMode="decimal"
              value={quota}
              placeholder={euros(row.quotaCents) || defaultQuota || '0,00'}
              onChange={(e) => onQuota(e.target.value)}
              disabled={!checked}
            />
            <Text fontSize="sm" color="fg.muted">
              €
            </Text>
          </Flex>
        )
      ) : (
        <Box fontSize="sm" textAlign={{ base: 'start', sm: 'end' }} minW="0">
          <Text color="fg.muted">{row.categoryNames?.length ? row.categoryNames.join(', ') : 'Nessuna categoria'}</Text>
          <Text fontWeight={row.changesCategory ? 'semibold' : 'normal'} color={row.changesCategory ? 'fg' : 'fg.muted'}>
            {row.nextCategoryName ? `→ ${row.nextCategoryName}` : row.birthday ? '→ nessuna categoria adatta' : '→ data di nascita mancante'}
          </Text>
        </Box>
      )}
    </Flex>
  );
}
