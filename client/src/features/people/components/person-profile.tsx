// The person page's profile: the shared registry data (spec §3) and the contacts with the address. Optional fields
// the club rarely fills (second name, nickname, legal representative) appear only when set.
// Its fields: the fragment PersonProfile_Person in ../person-page-documents.ts (the page's one document).
import { Link, Stack, Text } from '@chakra-ui/react';
import { GENDERS } from '../../../../../schema/constants';
import type { PersonProfile_PersonFragment } from '../../../gql/graphql';
import { ageOn, clubToday, formatDay } from '../person-dates';
import { DataGrid, DataItem, PageCard } from './page-card';

type Person = PersonProfile_PersonFragment;

function formatAddress(a: Person['address']): string {
  if (!a) return '';
  const street = [a.address, a.streetNumber].filter(Boolean).join(', ');
  const place = [a.postalCode, a.city, a.province ? `(${a.province})` : null].filter(Boolean).join(' ');
  return [street, place, a.country].filter(Boolean).join(' - ');
}

const mail = (email: string | null | undefined) => (email ? <Link href={`mailto:${email}`} color="brand.fg">{email}</Link> : null);
const phone = (number: string | null | undefined) => (number ? <Link href={`tel:${number}`} color="brand.fg">{number}</Link> : null);

function birthText(p: Person): string {
  if (!p.birthday) return '';
  const age = ageOn(p.birthday, clubToday());
  return `${formatDay(p.birthday)} (${age === 1 ? '1 anno' : `${age} anni`})`;
}

export function PersonProfile({ person: p }: { person: Person }) {
  const place = [p.birthplace, p.birthNation && p.birthNation !== p.birthplace ? p.birthNation : null].filter(Boolean).join(', ');
  return (
    <Stack gap="6">
      <PageCard title="Anagrafica">
        <DataGrid>
          <DataItem label="Nome">{[p.firstname, p.secondname].filter(Boolean).join(' ')}</DataItem>
          <DataItem label="Cognome">{p.lastname}</DataItem>
          {p.nickname && <DataItem label="Soprannome">{p.nickname}</DataItem>}
          <DataItem label="Codice fiscale">
            <Text as="span" fontFamily="mono" letterSpacing="wide">
              {p.taxIdCode.toUpperCase()}
            </Text>
          </DataItem>
          <DataItem label="Genere">{GENDERS.find((g) => g.id === p.typeGenderId)?.label}</DataItem>
          <DataItem label="Data di nascita">{birthText(p)}</DataItem>
          <DataItem label="Luogo di nascita">{place}</DataItem>
          <DataItem label="Nazionalità">{p.nationality}</DataItem>
          {p.legalRepresentative && <DataItem label="Rappresentante legale">{p.legalRepresentative}</DataItem>}
          {p.isGuarded && <DataItem label="Tutelato">Sì</DataItem>}
        </DataGrid>
      </PageCard>
      <PageCard title="Contatti e indirizzo">
        <DataGrid>
          <DataItem label="Email">{mail(p.emailPrimary)}</DataItem>
          <DataItem label="Telefono">{phone(p.phonePrimary)}</DataItem>
          {p.emailSecondary && <DataItem label="Email secondaria">{mail(p.emailSecondary)}</DataItem>}
          {p.phoneSecondary && <DataItem label="Telefono secondario">{phone(p.phoneSecondary)}</DataItem>}
          <DataItem label="Indirizzo" wide>
            {formatAddress(p.address)}
          </DataItem>
        </DataGrid>
      </PageCard>
    </Stack>
  );
}
