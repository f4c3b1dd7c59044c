import { useId, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import styled from 'styled-components';
import { focusRing, visuallyHidden } from '../theme/mixins.ts';
import { CloseIcon, SearchIcon } from '../ui/icons.tsx';
import { badgeBox } from './badge.ts';
import { theme } from '../theme/tokens.ts';

export interface SearchBoxProps {
  /** The text the box shows: the caller holds it. */
  value: string;
  /** The visitor edited the text. */
  onChange(value: string): void;
  /** The clear button or Escape. */
  onClear(): void;
  /** The input, for a caller that focuses it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

const Field = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  width: 100%;
  color: ${theme.color.textMuted};

  > svg {
    position: absolute;
    left: ${theme.space(3)};
    pointer-events: none;
  }
`;

const HiddenLabel = styled.label`
  ${visuallyHidden}
`;

// The browser's own cancel button and decoration are hidden: React Aria renders its own clear button.
const StyledInput = styled.input`
  width: 100%;
  min-height: 44px;
  padding: 0 ${theme.space(12)} 0 ${theme.space(10)};
  border: 1px solid ${theme.color.borderStrong};
  border-radius: ${theme.radius.md};
  background: ${theme.color.surface};
  color: ${theme.color.text};
  font-size: ${theme.font.size.md};
  appearance: none;

  &::placeholder {
    color: ${theme.color.textMuted};
    opacity: 1;
  }

  &::-webkit-search-cancel-button,
  &::-webkit-search-decoration {
    appearance: none;
  }

  &:hover {
    border-color: ${theme.color.text};
  }

  &:focus {
    ${focusRing}
    outline-offset: 0;
    border-color: ${theme.color.focusRing};
  }
`;

// A plain button: React Aria's would put its press handling into the first render.
const ClearButton = styled.button`
  position: absolute;
  top: 50%;
  right: ${theme.space(1)};
  translate: 0 -50%;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: ${theme.radius.sm};
  background: transparent;
  color: ${theme.color.textMuted};
  cursor: pointer;

  @media (hover: hover) {
    &:hover {
      background: ${theme.color.surfaceMuted};
      color: ${theme.color.text};
    }
  }

  &:focus-visible {
    ${focusRing}
  }
`;

const KeyHint = styled.kbd`
  position: absolute;
  right: ${theme.space(3)};
  ${badgeBox}
  border: 1px solid ${theme.color.borderStrong};
  border-radius: ${theme.radius.sm};
  font-family: ${theme.font.mono};
  font-size: ${theme.font.size.xs};
  line-height: 1;
  pointer-events: none;
`;

// The two wrappers below take no box of their own (display: contents): what they hold is placed
// in the field as if it stood there itself (the hint centred by the field's flex alignment).

/** Shown while the box is empty (its placeholder shows), hidden as soon as there is text. */
const WhileEmpty = styled.span`
  display: contents;

  ${StyledInput}:not(:placeholder-shown) ~ & {
    display: none;
  }
`;

/** Shown while there is text. */
const WhileText = styled.span`
  display: contents;

  ${StyledInput}:placeholder-shown ~ & {
    display: none;
  }
`;

/**
 * The search field: a plain `<input type="search">` with its label, a clear button while there
 * is text (the "/" hint while there is none), and Escape to clear. Controlled by `value`; the hint
 * and the clear button follow the text through CSS (`:placeholder-shown`), so a key mounts nothing.
 */
export function SearchBox({ value, onChange, onClear, inputRef }: SearchBoxProps) {
  const id = useId();
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  // Text typed into the page's frame before the app took over (src/system/page-system.ts): the box holds it, the page learns it.
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && input.value !== input.defaultValue) onChange(input.value);
    // Once, as the box first renders: after that every edit is an onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Escape clears the text; with no text it is left to others (dialogs, menus).
    if (event.key !== 'Escape' || event.currentTarget.value === '') return;
    event.preventDefault();
    event.stopPropagation();
    onClear();
  };
  return (
    <Field>
      <HiddenLabel htmlFor={id}>Search news stories</HiddenLabel>
      <SearchIcon size={18} />
      <StyledInput
        ref={ref}
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder="Search news stories..."
        autoComplete="off"
        spellCheck={false}
      />
      {/* Both always rendered: the first key changes which one the style sheet shows (no mount). */}
      <WhileEmpty>
        <KeyHint aria-hidden="true">/</KeyHint>
      </WhileEmpty>
      <WhileText>
        <ClearButton
          type="button"
          aria-label="Clear search"
          tabIndex={-1}
          onClick={() => {
            onClear();
            ref.current?.focus();
          }}
        >
          <CloseIcon size={16} />
        </ClearButton>
      </WhileText>
    </Field>
  );
}
