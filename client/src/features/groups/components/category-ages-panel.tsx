// "Età delle categorie" on the categories page (issue 35 point 3): the reference day ages are counted on (the
// common federation choices or a day of one's own) and each category's band, saved together; each category shows
// the birth dates it holds this season. Read-only for a role without groups.write.
import { useMutation, useQuery } from '@apollo/client/react';
import { Box, Button, Card, Checkbox, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import { messageOfError } from '../../../lib/errors';
import { useAccess } from '../../../lib/use-access';
import { CategorySettingsQuery, SaveCategorySettingsMutation } from '../category-ages-documents';
import { birthRangeText, CUSTOM_PRESET, presetOf, REFERENCE_PRESETS, type ReferenceDay } from '../category-reference';

type Bands = Record<string, { ageMin: string; ageMax: string }>;
const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
const ageOf = (text: string) => (text.trim() === '' ? null : Number(text));

export function CategoryAgesPanel() {
  const { data, error, refetch } = useQuery(CategorySettingsQuery, { fetchPolicy: 'cache-and-network' });
  const [save, { loading: saving }] = useMutation(SaveCategorySettingsMutation, { refetchQueries: ['GroupList_Groups'] });
  const mayWrite = useAccess().can('groups.write');
  const settings = data?.categorySettings;
  const [day, setDay] = useState<ReferenceDay>({ referenceMonth: 12, referenceDay: 31, inEndYear: false });
  const [preset, setPreset] = useState('figc');
  const [bands, setBands] = useState<Bands>({});
  const [outcome, setOutcome] = useState<{ status: 'success' | 'error'; message: string } | null>(null);

  // The form starts from what is saved, and again after each save.
  useEffect(() => {
    if (!settings) return;
    const saved = { referenceMonth: settings.referenceMonth ?? null, referenceDay: settings.referenceDay ?? null, inEndYear: settings.inEndYear };
    setDay(saved);
    setPreset(presetOf(saved));
    setBands(Object.fromEntries(settings.categories.map((c) => [c.groupId, { ageMin: c.ageMin?.toString() ?? '', ageMax: c.ageMax?.toString() ?? '' }])));
  }, [settings]);

  if (error && !settings) return <FormAlert message={messageOfError(error)} />;
  if (!settings) return null;

  const choosePreset = (value: string) => {
    setPreset(value);
    const chosen = REFERENCE_PRESETS.find((p) => p.value === value);
    if (chosen) setDay({ referenceMonth: chosen.referenceMonth, referenceDay: chosen.referenceDay, inEndYear: chosen.inEndYear });
    else setDay((d) => ({ referenceMonth: d.referenceMonth ?? 1, referenceDay: d.referenceDay ?? 1, inEndYear: d.inEndYear }));
  };

  const submit = async () => {
    setOutcome(null);
    try {
      const input = {
        ...day,
        bands: settings.categories.map((c) => ({ groupId: c.groupId, ageMin: ageOf(bands[c.groupId]?.ageMin ?? ''), ageMax: ageOf(bands[c.groupId]?.ageMax ?? '') })),
      };
      const result = (await save({ variables: { input } })).data?.saveCategorySettings;
      if (result?.__typename === 'MutationSaveCategorySettingsSuccess') {
        setOutcome({ status: 'success', message: result.data.message });
        await refetch();
      } else {
        const first = result && 'fields' in result ? result.fields?.[0] : undefined;
        const row = first?.field.match(/^bands\.(\d+)\./)?.[1];
        const name = row === undefined ? '' : `${settings.categories[Number(row)]?.name}: `;
        setOutcome({ status: 'error', message: first ? `${name}${first.message}` : (result && 'message' in result ? result.message : 'Impossibile salvare.') });
      }
    } catch (e) {
      setOutcome({ status: 'error', message: messageOfError(e) });
    }
  };

  const readOnly = !mayWrite;
  return (
    <Card.Root as="section" aria-labelledby="category-ages-title">
      <Card.Body gap="5">
        <Stack gap="1">
          <Heading as="h2" size="lg" id="category-ages-title">
            Età delle categorie
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Ogni categoria raccoglie le età raggiunte alla data di riferimento della stagione ({settings.season.label}: {settings.referenceDate.split('-').reverse().join('/')}). Il
            rinnovo della stagione sposta gli atleti nella categoria adatta alla loro data di nascita.
          </Text>
        </Stack>
        <FormField label="Data di riferimento" readOnly={readOnly}>
          <SelectInput name="preset" value={preset} onChange={(e) => choosePreset(e.target.value)} options={[...REFERENCE_PRESETS, { value: CUSTOM_PRESET, label: 'Data personalizzata' }]} />
        </FormField>
        {preset === CUSTOM_PRESET && (
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Box w="24">
              <FormField label="Giorno" readOnly={readOnly}>
                <Input type="number" inputMode="numeric" min={1} max={31} value={day.referenceDay ?? ''} onChange={(e) => setDay({ ...day, referenceDay: ageOf(e.target.value) })} />
              </FormField>
            </Box>
            <Box w="40">
              <FormField label="Mese" readOnly={readOnly}>
                <SelectInput
                  name="month"
                  value={String(day.referenceMonth ?? 1)}
                  onChange={(e) => setDay({ ...day, referenceMonth: Number(e.target.value) })}
                  options={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
                />
              </FormField>
            </Box>
            <Checkbox.Root checked={day.inEndYear} onCheckedChange={(d) => setDay({ ...day, inEndYear: d.checked === true })} readOnly={readOnly} colorPalette="brand">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Nell&apos;anno di fine stagione</Checkbox.Label>
            </Checkbox.Root>
          </Flex>
        )}
        {settings.categories.length === 0 ? (
          <Text color="fg.muted">Crea una categoria per darle una fascia d&apos;età.</Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Fasce d'età">
            {settings.categories.map((c) => (
              <Flex as="li" key={c.groupId} gap="3" wrap="wrap" align="center" borderBottomWidth="1px" pb="3">
                <Box flex="1 1 12rem" minW="0">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {c.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {birthRangeText(c.bornFrom, c.bornTo) ?? 'senza fascia d’età'}
                  </Text>
                </Box>
                <Flex gap="2" align="center">
                  <Input
                    aria-label={`Età minima ${c.name}`}
                    placeholder="da"
                    w="20"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={99}
                    readOnly={readOnly}
                    value={bands[c.groupId]?.ageMin ?? ''}
                    onChange={(e) => setBands({ ...bands, [c.groupId]: { ...bands[c.groupId], ageMin: e.target.value } })}
                  />
                  <Text aria-hidden="true">–</Text>
                  <Input
                    aria-label={`Età massima ${c.name}`}
                    placeholder="a"
                    w="20"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={99}
                    readOnly={readOnly}
                    value={bands[c.groupId]?.ageMax ?? ''}
                    onChange={(e) => setBands({ ...bands, [c.groupId]: { ...bands[c.groupId], ageMax: e.target.value } })}
                  />
                  <Text fontSize="sm" color="fg.muted">
                    anni
                  </Text>
                </Flex>
              </Flex>
            ))}
          </Stack>
        )}
        {outcome && <FormAlert message={outcome.message} status={outcome.status} />}
        {mayWrite && (
          <Box>
            <Button onClick={() => void submit()} loading={saving}>
              Salva le età
            </Button>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
