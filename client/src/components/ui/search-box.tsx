// A list's search field: what is typed is shown at once, the list hears about it SEARCH_DEBOUNCE_MS later (spec §9).
// The clear button and Escape empty it immediately.
import { CloseButton, Input, InputGroup } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH } from '../../../../schema/constants';
import { SearchIcon } from '../icons';

export interface SearchBoxProps {
  /** The applied search (e.g. from the page's state); a change from outside replaces what is typed. */
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the field. */
  label: string;
  placeholder?: string;
}

export function SearchBox({ value, onChange, label, placeholder }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSent = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A new value from the owner (a "clear filters" button, the URL) wins over the typed text.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    lastSent.current = next;
    onChangeRef.current(next);
  };

  const type = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
  };

  const clear = () => {
    setText('');
    send('');
  };

  return (
    <InputGroup
      startElement={<SearchIcon boxSize="4" color="fg.muted" />}
      endElement={
        text ? <CloseButton size="xs" me="-2" aria-label="Cancella ricerca" onClick={clear} /> : undefined
      }
    >
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => type(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.preventDefault();
            e.stopPropagation();
            clear();
          }
        }}
        css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
      />
    </InputGroup>
  );
}
