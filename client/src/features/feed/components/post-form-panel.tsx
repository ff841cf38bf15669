// New / edit post (notice) in the side panel (spec §2 Forms, §3 Post, §4 form states, §5): Titolo, Caption,
// Priorità and the target groups (a choice among the club's active groups).
import { useMutation } from '@apollo/client/react';
import { Box, Button, Checkbox, CheckboxGroup, Fieldset, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { POST_PRIORITIES } from '../../../../../schema/constants';
import { MSG } from '../../../../../schema/messages';
import { savePostInput, type SavePostInput } from '../../../../../schema/validation/registry';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import { SelectInput } from '../../../components/ui/select-field';
import { SidePanel } from '../../../components/ui/side-panel';
import { PanelCancelButton } from '../../../components/ui/unsaved-changes';
import { messageOfError } from '../../../lib/errors';
import { validate, type FieldErrors } from '../../../lib/form-errors';
import { readMutationResult } from '../../../lib/mutation-result';
import { useDirtyReport, useIsDirty } from '../../../lib/use-is-dirty';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { SavePostMutation } from '../feed-documents';
import type { GroupOption } from '../use-group-options';
import type { FeedPost } from './post-card';

const FORM_ID = 'post-form';
const PRIORITY_OPTIONS = POST_PRIORITIES.map((p) => ({ value: String(p.id), label: p.label }));

interface PostFormPanelProps {
  open: boolean;
  /** The post being edited; null for a new one. */
  post: FeedPost | null;
  groupOptions: GroupOption[];
  groupsLoading: boolean;
  onClose: () => void;
  onSaved: () => void;
}

type SaveOutcome = { ok: true } | { ok: false; message: string; fieldErrors: FieldErrors };

export function PostFormPanel({ open, post, groupOptions, groupsLoading, onClose, onSaved }: PostFormPanelProps) {
  const [savePost, { loading: sending }] = useMutation(SavePostMutation);
  const [dirty, setDirty] = useState(false);

  async function save(input: SavePostInput): Promise<SaveOutcome> {
    try {
      const { data } = await savePost({ variables: { input } });
      const outcome = readMutationResult(data?.savePost);
      if (!outcome.ok) return { ok: false, message: outcome.message, fieldErrors: outcome.fieldErrors };
      notify(MESSAGE_LEVEL.success, outcome.data.message);
      onSaved();
      return { ok: true };
    } catch (error) {
      return { ok: false, message: messageOfError(error), fieldErrors: {} };
    }
  }

  return (
    <SidePanel
      open={open}
      dirty={dirty}
      onClose={() => !sending && onClose()}
      title={post ? 'Modifica post' : 'Nuovo post'}
      footer={
        <>
          <PanelCancelButton disabled={sending}>Annulla</PanelCancelButton>
          <Button type="submit" form={FORM_ID} disabled={sending}>
            {sending ? 'Salvataggio in corso...' : 'Salva'}
          </Button>
        </>
      }
    >
      <PostForm key={post?.id ?? 'new'} post={post} groupOptions={groupOptions} groupsLoading={groupsLoading} sending={sending} save={save} onDirtyChange={setDirty} />
    </SidePanel>
  );
}

interface PostFormProps {
  post: FeedPost | null;
  groupOptions: GroupOption[];
  groupsLoading: boolean;
  sending: boolean;
  save: (input: SavePostInput) => Promise<SaveOutcome>;
  onDirtyChange: (dirty: boolean) => void;
}

interface Values {
  title: string;
  caption: string;
  priority: string;
  groupIds: string[];
}

const EMPTY: Values = { title: '', caption: '', priority: '0', groupIds: [] };

function valuesOf(post: FeedPost | null): Values {
  if (!post) return EMPTY;
  return { title: post.title, caption: post.caption, priority: String(post.priority), groupIds: post.groups.map((g) => g.id) };
}

function PostForm({ post, groupOptions, groupsLoading, sending, save, onDirtyChange }: PostFormProps) {
  const [opened] = useState<Values>(() => valuesOf(post));
  const [values, setValues] = useState<Values>(opened);
  useDirtyReport(useIsDirty(opened, values), onDirtyChange);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();

  const set = (name: 'title' | 'caption' | 'priority') => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const fail = (message: string, fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setFormError(message);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = validate(savePostInput, { id: post?.id, ...values });
    if (!checked.ok) return fail(MSG.invalidFields, checked.errors);
    setErrors({});
    setFormError(undefined);
    const outcome = await save(checked.data);
    // Saved: the owner closes the panel (values left as they are, so it does not ask).
    if (!outcome.ok) fail(outcome.message, outcome.fieldErrors);
  }

  // A target group archived since the post was written stays selected (the server decides), but is not offered.
  const known = new Set(groupOptions.map((o) => o.value));
  const missing = values.groupIds.filter((id) => !known.has(id));
  const postGroupName = (id: string) => post?.groups.find((g) => g.id === id)?.name ?? id;

  return (
    <form id={FORM_ID} noValidate onSubmit={onSubmit}>
      <Stack gap="5">
        <FormAlert message={formError} />
        <FormField label="Titolo" required error={errors.title}>
          <Input name="title" value={values.title} onChange={set('title')} maxLength={200} autoComplete="off" />
        </FormField>
        <FormField label="Caption" required error={errors.caption}>
          <Textarea name="caption" value={values.caption} onChange={set('caption')} rows={6} autoresize maxH="60vh" />
        </FormField>
        <FormField label="Priorità" error={errors.priority}>
          <SelectInput name="priority" value={values.priority} onChange={set('priority')} options={PRIORITY_OPTIONS} />
        </FormField>
        <Fieldset.Root invalid={Boolean(errors.groupIds)}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            Gruppi
          </Fieldset.Legend>
          <Fieldset.HelperText>I gruppi a cui è rivolto il post.</Fieldset.HelperText>
          <Fieldset.Content>
            {groupsLoading ? (
              <Text fontSize="sm" color="fg.muted">
                Caricamento dei gruppi...
              </Text>
            ) : groupOptions.length === 0 && missing.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                Non ci sono ancora gruppi attivi.
              </Text>
            ) : (
              <Box maxH="64" overflowY="auto" borderWidth="1px" borderRadius="md" px="3" py="2">
                <CheckboxGroup
                  name="groupIds"
                  value={values.groupIds}
                  onValueChange={(groupIds) => setValues((v) => ({ ...v, groupIds }))}
                >
                  <Stack gap="2">
                    {[...groupOptions, ...missing.map((id) => ({ value: id, label: postGroupName(id) }))].map((option) => (
                      <Checkbox.Root key={option.value} value={option.value} size="sm">
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{option.label}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Stack>
                </CheckboxGroup>
              </Box>
            )}
          </Fieldset.Content>
          {errors.groupIds && <Fieldset.ErrorText>{errors.groupIds}</Fieldset.ErrorText>}
        </Fieldset.Root>
      </Stack>
    </form>
  );
}
