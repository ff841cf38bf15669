// New / edit post (notice) in the side panel (spec §2 Forms, §3 Post, §4 form states, §5): Titolo, Didascalia,
// Priorità and the target groups (a choice among the club's active groups).
import { useMutation } from '@apollo/client/react';
import { Box, Checkbox, CheckboxGroup, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { POST_PRIORITIES } from '../../../../../schema/constants';
import { savePostInput, type SavePostInput } from '../../../../../schema/validation/registry';
import { PanelFormFooter, SchemaForm, SelectField, TextareaField, TextField, useFieldError, useSchemaForm, type SubmitOutcome } from '../../../components/form';
import { SidePanel } from '../../../components/ui/side-panel';
import { readMutationResult } from '../../../lib/mutation-result';
import { MESSAGE_LEVEL, notify } from '../../../lib/notify';
import { SavePostMutation } from '../feed-documents';
import type { GroupOption } from '../use-group-options';
import type { Post } from './post-card';

const FORM_ID = 'post-form';
const PRIORITY_OPTIONS = POST_PRIORITIES.map((p) => ({ value: String(p.id), label: p.label }));

interface PostFormPanelProps {
  open: boolean;
  /** The post being edited; null for a new one. */
  post: Post | null;
  groupOptions: GroupOption[];
  groupsLoading: boolean;
  onClose: () => void;
  onSaved: () => void;
}

type SavePost = (input: SavePostInput) => Promise<SubmitOutcome>;

export function PostFormPanel({ open, post, groupOptions, groupsLoading, onClose, onSaved }: PostFormPanelProps) {
  const [savePost, { loading: sending }] = useMutation(SavePostMutation);
  const [dirty, setDirty] = useState(false);

  const save: SavePost = async (input) => {
    const { data } = await savePost({ variables: { input } });
    const outcome = readMutationResult(data?.savePost);
    if (!outcome.ok) return outcome;
    notify(MESSAGE_LEVEL.success, outcome.data.message);
    onSaved();
  };

  return (
    <SidePanel
      open={open}
      dirty={dirty}
      onClose={() => !sending && onClose()}
      title={post ? 'Modifica post' : 'Nuovo post'}
      footer={<PanelFormFooter formId={FORM_ID} sending={sending} />}
    >
      {/* Keyed by the record: opening another one starts from its own values. */}
      <PostForm key={post?.id ?? 'new'} post={post} groupOptions={groupOptions} groupsLoading={groupsLoading} save={save} onDirtyChange={setDirty} />
    </SidePanel>
  );
}

interface PostFormProps {
  post: Post | null;
  groupOptions: GroupOption[];
  groupsLoading: boolean;
  save: SavePost;
  onDirtyChange: (dirty: boolean) => void;
}

function valuesOf(post: Post | null) {
  return {
    id: post?.id ?? '',
    title: post?.title ?? '',
    caption: post?.caption ?? '',
    priority: String(post?.priority ?? 0),
    groupIds: post?.groups.map((g) => g.id) ?? [],
  };
}

function PostForm({ post, groupOptions, groupsLoading, save, onDirtyChange }: PostFormProps) {
  const form = useSchemaForm(savePostInput, valuesOf(post));
  // Saved: the owner closes the panel (values left as they are, so it does not ask).
  return (
    <SchemaForm id={FORM_ID} form={form} onDirtyChange={onDirtyChange} onSubmit={save}>
      <TextField name="title" label="Titolo" required maxLength={200} />
      <TextareaField name="caption" label="Didascalia" required rows={6} maxH="60vh" />
      <SelectField name="priority" label="Priorità" options={PRIORITY_OPTIONS} placeholder="" />
      <TargetGroups post={post} groupOptions={groupOptions} groupsLoading={groupsLoading} />
    </SchemaForm>
  );
}

/** The groups the post is for, a checkbox each. */
function TargetGroups({ post, groupOptions, groupsLoading }: Omit<PostFormProps, 'save' | 'onDirtyChange'>) {
  const { field } = useController<ReturnType<typeof valuesOf>, 'groupIds'>({ name: 'groupIds' });
  const error = useFieldError('groupIds');
  // A target group archived since the post was written stays selected (the server decides), but is not offered.
  const known = new Set(groupOptions.map((o) => o.value));
  const missing = field.value.filter((id) => !known.has(id));
  const postGroupName = (id: string) => post?.groups.find((g) => g.id === id)?.name ?? id;

  return (
    <Fieldset.Root invalid={Boolean(error)}>
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
            <CheckboxGroup name={field.name} value={field.value} onValueChange={field.onChange}>
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
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
