// /import/{type} (spec §2 Import page, issue 12): people of one kind from a CSV, XLS, XLSX or ODS file, in three steps.
//   1. the file (drop zone or picker) and the templates;
//   2. the preview: a dry run on the server (nothing written) with counts, mode, column mapping, changes, errors,
//      and the header row (chosen by hand when the detected one is wrong);
//   3. "Importa": a confirmation, then the import itself (one transaction, all or nothing unless the user chose the
//      valid rows only) with its progress.
// Below, the club's history of imports. The router only mounts this page for the six kinds (another type is the
// app's 404), and the admin layout refuses it without import.run.
import { useMutation } from '@apollo/client/react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PERSON_KIND_INFO, type PersonKindKey } from '../../../../../schema/constants';
import { DEFAULT_IMPORT_MODE, IMPORT_MSG, requiredColumnsText, type ImportMode } from '../../../../../schema/import-columns';
import { MSG } from '../../../../../schema/messages';
import { ArrowLeftIcon, CheckCircleIcon } from '../../../components/icons';
import { FormAlert } from '../../../components/ui/form-alert';
import { useDocumentTitle } from '../../../lib/document-title';
import { messageOfError } from '../../../lib/errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { ColumnMapping, type HeaderMapping } from '../components/column-mapping';
import { ImportConfirmDialog } from '../components/import-confirm-dialog';
import { ImportFilePicker } from '../components/import-file-picker';
import { ImportHistorySection } from '../components/import-history';
import { HeaderRowPicker, type TopLine } from '../components/header-row-picker';
import { ChangedRows, ImportCounts, InvalidRows, ModeChoice, ReadingNotes, Section, ValidOnlyChoice, type ImportResult } from '../components/import-preview';
import { ImportPeopleMutation, ImportRunsQuery } from '../import-documents';
import { saveInlineFile } from '../../../lib/authorized-file';
import { ImportSeasonChoice, SeasonWritesList } from '../components/import-season';

type Step = 'file' | 'preview' | 'done';

/** A random key naming this import's progress on the server (getRandomValues works without HTTPS too). */
function newProgressKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The file's headers in order and the column each feeds (null: ignored), as the server read them. A header written
 * twice (a "Prov." for the birth place and one for the residence) takes its columns in the file's order.
 */
function mappingOf(result: ImportResult): HeaderMapping[] {
  const keys = new Map<string, string[]>();
  for (const c of result.columns) keys.set(c.header, [...(keys.get(c.header) ?? []), c.key]);
  return result.headers.map((header) => ({ header, key: keys.get(header)?.shift() ?? null }));
}

/** "agli atleti", "ai soci": the article of the six kinds' plurals (vowel: agli). */
const listArticle = (plural: string) => `${/^[aeiou]/i.test(plural) ? 'agli' : 'ai'} ${plural.toLowerCase()}`;

interface DryRunInput {
  file: File | null;
  mode: ImportMode;
  /** The user's mapping; null lets the server choose (the club's remembered one, else the automatic one). */
  mapping: HeaderMapping[] | null;
  /** Names in capitals rewritten (the preview's switch). */
  tidyNames: boolean;
  /** The header row chosen by hand; null lets the server detect it. */
  headerLine: number | null;
  /** The season of the file's cards and register rows (null: the current one) and the body of its cards ('' none). */
  seasonId?: string | null;
  cardBody?: string;
}

export default function ImportPage({ kind }: { kind: PersonKindKey }) {
  const info = PERSON_KIND_INFO[kind];
  const title = `Importa ${info.plural.toLowerCase()}`;
  useDocumentTitle(title);

  const [step, setStep] = useState<Step>('file');
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>(DEFAULT_IMPORT_MODE);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [mapping, setMapping] = useState<HeaderMapping[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [progressKey, setProgressKey] = useState<string | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [tidyNames, setTidyNames] = useState(true);
  const [validOnly, setValidOnly] = useState(false);
  const [headerLine, setHeaderLine] = useState<number | null>(null);
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [cardBody, setCardBody] = useState('');
  // The top rows of a file whose header row lacks mandatory columns: offered to choose the header row from.
  const [headerRows, setHeaderRows] = useState<{ headerLine: number; topLines: TopLine[] } | null>(null);
  // Only the latest dry run's answer is shown (a mode changed twice quickly sends two).
  const latest = useRef(0);

  const [importPeople] = useMutation(ImportPeopleMutation);

  const dryRun = async (input: DryRunInput) => {
    if (!input.file) {
      notify(MESSAGE_LEVEL.error, IMPORT_MSG.noFile);
      return;
    }
    const call = ++latest.current;
    setPreviewing(true);
    setFailure(null);
    try {
      const answer = await importPeople({
        variables: {
          file: input.file,
          kind,
          dryRun: true,
          mode: input.mode,
          mapping: input.mapping,
          tidyNames: input.tidyNames,
          validOnly,
          headerLine: input.headerLine,
          seasonId: input.seasonId === undefined ? seasonId : input.seasonId,
          cardBody: (input.cardBody ?? cardBody) || null,
        },
      });
      if (call !== latest.current) return;
      const result = answer.data?.importPeople;
      const outcome = readMutationResult(result);
      setHeaderRows(result?.__typename === 'ImportHeaderError' ? { headerLine: result.headerLine, topLines: result.topLines } : null);
      if (outcome.ok) {
        setPreview(outcome.data);
        setStep('preview');
      } else if (input.mapping && step === 'preview') {
        // The user's mapping leaves the file unreadable (a mandatory column unmapped): say so, keep their choice.
        setFailure(outcome.message);
      } else {
        // The file cannot be read at all (empty, headers only, a mandatory column missing...): back to step 1.
        setFailure(outcome.message);
        setPreview(null);
        setStep('file');
      }
    } catch (error) {
      if (call !== latest.current) return;
      setFailure(messageOfError(error));
    } finally {
      if (call === latest.current) setPreviewing(false);
    }
  };

  const changeMode = (next: ImportMode) => {
    setMode(next);
    void dryRun({ file, mode: next, mapping, tidyNames, headerLine });
  };

  const changeMapping = (header: string, key: string | null) => {
    if (!preview) return;
    const next = (mapping ?? mappingOf(preview)).map((m) => (m.header === header ? { header, key } : m));
    setMapping(next);
    void dryRun({ file, mode, mapping: next, tidyNames, headerLine });
  };

  const changeTidyNames = (on: boolean) => {
    setTidyNames(on);
    void dryRun({ file, mode, mapping, tidyNames: on, headerLine });
  };

  const changeSeason = (id: string) => {
    setSeasonId(id);
    void dryRun({ file, mode, mapping, tidyNames, headerLine, seasonId: id });
  };

  const changeCardBody = (body: string) => {
    setCardBody(body);
    void dryRun({ file, mode, mapping, tidyNames, headerLine, cardBody: body });
  };

  // Another header row means other headers: the mapping starts again from the automatic one.
  const chooseHeaderLine = (line: number) => {
    setHeaderLine(line);
    setMapping(null);
    void dryRun({ file, mode, mapping: null, tidyNames, headerLine: line });
  };

  const restart = () => {
    latest.current++;
    setStep('file');
    setFile(null);
    setPreview(null);
    setMapping(null);
    setFailure(null);
    setDone(null);
    setPreviewing(false);
    setTidyNames(true);
    setValidOnly(false);
    setHeaderLine(null);
    setHeaderRows(null);
    setSeasonId(null);
    setCardBody('');
  };

  const runImport = async () => {
    if (!file) return;
    const key = newProgressKey();
    setProgressKey(key);
    setFailure(null);
    try {
      const answer = await importPeople({
        variables: { file, kind, dryRun: false, mode, mapping, progressKey: key, tidyNames, validOnly, headerLine, seasonId, cardBody: cardBody || null },
        refetchQueries: [ImportRunsQuery],
      });
      const outcome = readMutationResult(answer.data?.importPeople);
      if (!outcome.ok) {
        setFailure(outcome.message);
        notify(MESSAGE_LEVEL.error, outcome.message);
      } else if (outcome.data.status === 'completed') {
        notify(MESSAGE_LEVEL.success, outcome.data.message);
        setDone(outcome.data);
        setStep('done');
      } else {
        // Refused (rows invalid by now): nothing written; the preview shows the run's errors.
        setPreview(outcome.data);
        setFailure(outcome.data.message);
      }
    } catch {
      notify(MESSAGE_LEVEL.error, MSG.unexpectedEmpty);
      setFailure(MSG.unexpectedEmpty);
    } finally {
      setProgressKey(null);
      setConfirming(false);
    }
  };

  const running = progressKey !== null;

  return (
    <Stack gap="6" maxW="6xl">
      <Stack gap="2">
        <Button asChild variant="ghost" size="sm" alignSelf="flex-start" ms="-2">
          <RouterLink to={info.route}>
            <ArrowLeftIcon />
            {info.plural}
          </RouterLink>
        </Button>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">
          Carica un file CSV, XLS, XLSX o ODS: prima vedi cosa succederà, poi confermi. Le persone già presenti sono riconosciute dal
          codice fiscale, quindi importare due volte lo stesso file non crea doppioni.
        </Text>
        <Text color="fg.muted">
          {requiredColumnsText(kind)} Una riga di titolo sopra le intestazioni e le righe di totale in fondo vengono riconosciute e ignorate;
          se la riga delle intestazioni non è quella giusta, puoi sceglierla tu nell'anteprima.
        </Text>
        <Text color="fg.muted">
          Il file può portare anche la tessera di ciascuno (numero, ente, inizio e scadenza) e il libro soci (numero, data di ammissione, delibera,
          quota della stagione): nell'anteprima scegli la stagione e l'ente delle tessere, e vedi quante tessere e iscrizioni verranno scritte.
        </Text>
      </Stack>

      {step === 'file' && (
        <Section title="1. Scegli il file">
          <ImportFilePicker
            kind={kind}
            file={file}
            disabled={previewing}
            onFileChange={(next) => {
              setFile(next);
              setMapping(null);
              setFailure(null);
              setHeaderLine(null);
              setHeaderRows(null);
            }}
          />
          <FormAlert message={failure ?? undefined} />
          <Flex justify="flex-end">
            <Button onClick={() => void dryRun({ file, mode, mapping: null, tidyNames, headerLine })} loading={previewing} loadingText="Lettura del file..." w={{ base: 'full', sm: 'auto' }}>
              Continua
            </Button>
          </Flex>
        </Section>
      )}

      {step === 'file' && headerRows && (
        <HeaderRowPicker topLines={headerRows.topLines} headerLine={headerRows.headerLine} onChoose={chooseHeaderLine} disabled={previewing} />
      )}

      {step === 'preview' && preview && (
        <Stack gap="4" aria-busy={previewing}>
          <Section
            title="2. Anteprima"
            aside={
              <Button variant="outline" size="sm" onClick={restart} disabled={running}>
                Cambia file
              </Button>
            }
          >
            <Text color="fg.muted" fontSize="sm">
              <Text as="span" fontWeight="medium" color="fg">
                {preview.fileName}
              </Text>{' '}
              ({preview.format.toUpperCase()}, {preview.counts.total.toLocaleString('it-IT')} {preview.counts.total === 1 ? 'riga' : 'righe'}):{' '}
              {IMPORT_MSG.preview}
            </Text>
            <ImportCounts counts={preview.counts} />
            <FormAlert message={failure ?? undefined} />
            {preview.counts.invalid > 0 && !validOnly && (
              <FormAlert status="warning" message={`Correggi ${preview.counts.invalid === 1 ? 'la riga non valida' : `le ${preview.counts.invalid} righe non valide`} prima di importare: l'importazione è tutto o niente.`} />
            )}
            {preview.counts.invalid > 0 && <ValidOnlyChoice checked={validOnly} onChange={setValidOnly} disabled={previewing || running} />}
          </Section>
          <ReadingNotes result={preview} tidyNames={tidyNames} onTidyNames={changeTidyNames} disabled={previewing || running} />
          <HeaderRowPicker topLines={preview.topLines} headerLine={preview.headerLine} onChoose={chooseHeaderLine} disabled={previewing || running} />
          <ImportSeasonChoice result={preview} seasonId={seasonId} cardBody={cardBody} onSeason={changeSeason} onCardBody={changeCardBody} disabled={previewing || running} />
          <InvalidRows result={preview} onDownloadErrors={preview.errorFile ? () => saveInlineFile(preview.errorFile!) : undefined} />
          <Section title="Modalità">
            <ModeChoice value={mode} onChange={changeMode} disabled={previewing || running} />
          </Section>
          <ColumnMapping
            kind={kind}
            mapping={mapping ?? mappingOf(preview)}
            onChange={changeMapping}
            disabled={previewing || running}
            remembered={preview.mappingRemembered}
          />
          <ChangedRows result={preview} />
          <Flex justify="flex-end" gap="3" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button variant="outline" onClick={restart} disabled={running}>
              Annulla
            </Button>
            <Button
              onClick={() => setConfirming(true)}
              disabled={previewing || failure !== null || (preview.counts.invalid > 0 && !validOnly) || preview.counts.new + preview.counts.updated === 0}
              loading={previewing}
              loadingText="Aggiornamento anteprima..."
            >
              Importa
            </Button>
          </Flex>
        </Stack>
      )}

      {step === 'done' && done && (
        <Section title="Importazione completata">
          <Stack gap="4">
            <Flex gap="3" align="center">
              <Box color="fg.success">
                <CheckCircleIcon boxSize="6" />
              </Box>
              <Text fontWeight="medium">{done.message}</Text>
            </Flex>
            <ImportCounts counts={done.counts} />
            <SeasonWritesList result={done} />
            <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
              <Button asChild>
                <RouterLink to={info.route}>Vai {listArticle(info.plural)}</RouterLink>
              </Button>
              <Button variant="outline" onClick={restart}>
                Importa un altro file
              </Button>
            </Flex>
          </Stack>
        </Section>
      )}

      {/* an undo changes what the file on screen would do: its preview is asked again */}
      <ImportHistorySection onUndone={() => step === 'preview' && void dryRun({ file, mode, mapping, tidyNames, headerLine })} />

      {preview && (
        <ImportConfirmDialog
          open={confirming}
          kind={kind}
          mode={mode}
          result={preview}
          progressKey={progressKey}
          onConfirm={() => void runImport()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
