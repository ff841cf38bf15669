// "Documenti" on the person page: the training certificates of the profile (BLSD, first aid, fire prevention) and
// the files attached to the roles (manager documents), each opened with the session (lib/authorized-file.ts).
// Medical certificates' files are in their own section, shown only to who reads health data.
// Its fields: the fragment PersonDocuments_Person in ../person-page-documents.ts (the page's one document).
import { Stack, Text } from '@chakra-ui/react';
import { PERSON_KIND_INFO } from '../../../../../schema/constants';
import type { PersonDocuments_PersonFragment } from '../../../gql/graphql';
import { TRAINING_FLAGS } from '../person-form-values';
import { StoredFileLink, type StoredFile } from '../../../components/document-input';
import { PageCard } from './page-card';

function Group({ label, files }: { label: string; files: readonly StoredFile[] }) {
  return (
    <Stack gap="1.5" role="group" aria-label={label}>
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      {files.map((file) => (
        <StoredFileLink key={file.id} file={file} />
      ))}
    </Stack>
  );
}

export function PersonDocuments({ person }: { person: PersonDocuments_PersonFragment }) {
  const groups = [
    ...TRAINING_FLAGS.map((t) => ({ label: t.fileLabel, files: person[t.file] ? [person[t.file]!] : [] })),
    ...person.roles.map((role) => ({ label: `Documenti (${PERSON_KIND_INFO[role.kind].singular.toLowerCase()})`, files: role.documents })),
  ].filter((g) => g.files.length > 0);
  return (
    <PageCard title="Documenti">
      {groups.length ? (
        <Stack gap="4">
          {groups.map((g) => (
            <Group key={g.label} label={g.label} files={g.files} />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">Nessun documento caricato.</Text>
      )}
    </PageCard>
  );
}
