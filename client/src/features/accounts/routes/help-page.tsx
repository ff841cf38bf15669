// /aiuto: the help centre, an Italian FAQ by screen with a search over questions and answers (accents ignored).
import { Accordion, Box, Button, Heading, Span, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { searchWords, foldText } from '../../../../../schema/text';
import { ListEmpty } from '../../../components/ui/list-status';
import { SearchBox } from '../../../components/ui/search-box';
import { useDocumentTitle } from '../../../lib/document-title';
import { FeedbackDialog } from '../components/feedback-dialog';
import { HELP_FAQ, type FaqSection } from '../help-faq';

const TITLE = 'Centro assistenza';

/** Sections keeping only the entries where every searched word appears. */
function filterFaq(query: string): FaqSection[] {
  const words = searchWords(query);
  if (words.length === 0) return HELP_FAQ;
  return HELP_FAQ.map((section) => ({
    ...section,
    entries: section.entries.filter((entry) => {
      const text = foldText([section.title, entry.question, ...entry.answer].join(' '));
      return words.every((w) => text.includes(w));
    }),
  })).filter((section) => section.entries.length > 0);
}

export default function HelpPage() {
  useDocumentTitle(TITLE);
  const [query, setQuery] = useState('');
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const sections = useMemo(() => filterFaq(query), [query]);
  const searching = searchWords(query).length > 0;

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {TITLE}
        </Heading>
        <Text color="fg.muted">Le risposte alle domande più frequenti su CampoBase, schermata per schermata.</Text>
      </Stack>

      <SearchBox value={query} onChange={setQuery} label="Cerca nelle domande" placeholder="Es. password, categorie, archivio" />

      {sections.length === 0 ? (
        <ListEmpty
          action={
            <Button variant="outline" onClick={() => setFeedbackOpen(true)}>
              Scrivici
            </Button>
          }
        >
          Nessuna risposta per «{query.trim()}». Scrivici: ti rispondiamo noi.
        </ListEmpty>
      ) : (
        sections.map((section) => (
          <Box as="section" key={section.id} aria-labelledby={`faq-${section.id}`}>
            <Heading as="h2" size="md" mb="2" id={`faq-${section.id}`}>
              {section.title}
            </Heading>
            {/* While searching every match is open: the answer is what the user is looking for. */}
            <Accordion.Root
              key={searching ? `open-${query}` : 'closed'}
              multiple
              collapsible
              variant="enclosed"
              bg="bg"
              defaultValue={searching ? section.entries.map((e) => e.question) : []}
            >
              {section.entries.map((entry) => (
                <Accordion.Item key={entry.question} value={entry.question}>
                  <Accordion.ItemTrigger cursor="pointer" py="3">
                    <Span flex="1" fontWeight="medium" textAlign="start">
                      {entry.question}
                    </Span>
                    <Accordion.ItemIndicator />
                  </Accordion.ItemTrigger>
                  <Accordion.ItemContent>
                    <Accordion.ItemBody>
                      <Stack gap="2" color="fg.muted">
                        {entry.answer.map((paragraph) => (
                          <Text key={paragraph}>{paragraph}</Text>
                        ))}
                      </Stack>
                    </Accordion.ItemBody>
                  </Accordion.ItemContent>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Box>
        ))
      )}

      <Box bg="brand.subtle" borderRadius="xl" p={{ base: '4', md: '6' }}>
        <Stack gap="2" align="flex-start">
          <Text fontWeight="semibold">Non hai trovato la risposta?</Text>
          <Text color="fg.muted">Scrivici: il messaggio arriva al team di CampoBase insieme alla pagina da cui scrivi.</Text>
          <Button onClick={() => setFeedbackOpen(true)}>Lascia un feedback</Button>
        </Stack>
      </Box>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Stack>
  );
}
