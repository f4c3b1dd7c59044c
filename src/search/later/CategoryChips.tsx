import { Button as RACButton, Label, Tag, TagGroup, TagList, type Key } from 'react-aria-components';
import styled from 'styled-components';
import { focusRing, visuallyHidden, wrappingRow } from '../../theme/mixins.ts';
import { Button } from '../../ui/later/Button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { theme } from '../../theme/tokens.ts';

export interface CategoryChipsProps {
  selected: string[];
  onRemove(category: string): void;
  onClearAll?(): void;
}

const Row = styled.div`
  ${wrappingRow}
  gap: ${theme.space(2)};
`;

const HiddenLabel = styled(Label)`
  ${visuallyHidden}
`;

const Chips = styled(TagList)`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
`;

const Chip = styled(Tag)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  min-height: 32px;
  padding: 0 ${theme.space(1)} 0 ${theme.space(3)};
  border-radius: ${theme.radius.pill};
  background: ${theme.color.accentSoft.bg};
  color: ${theme.color.accentSoft.text};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
  outline: none;

  &[data-focus-visible] {
    ${focusRing}
  }
`;

const RemoveButton = styled(RACButton)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  padding: 0;
  border: 0;
  border-radius: ${theme.radius.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;

  &[data-hovered],
  &[data-pressed] {
    background: ${theme.color.surface};
  }

  &[data-focus-visible] {
    ${focusRing}
  }
`;

export function CategoryChips({ selected, onRemove, onClearAll }: CategoryChipsProps) {
  if (selected.length === 0) return null;

  function handleRemove(keys: Set<Key>) {
    for (const key of keys) onRemove(String(key));
  }

  return (
    <Row>
      <TagGroup onRemove={handleRemove}>
        <HiddenLabel>Selected categories</HiddenLabel>
        <Chips>
          {selected.map((category) => (
            <Chip key={category} id={category} textValue={category}>
              {category}
              {/* RAC names this button by aria-labelledby="<button> <tag row>", i.e. its own
                  label followed by the tag's textValue: "Remove" + "Science" -> "Remove Science".
                  A fixed English label keeps the name independent of the browser locale. */}
              <RemoveButton slot="remove" aria-label="Remove">
                <CloseIcon size={14} />
              </RemoveButton>
            </Chip>
          ))}
        </Chips>
      </TagGroup>
      {onClearAll && (
        <Button variant="quiet" onPress={onClearAll}>
          Clear all
        </Button>
      )}
    </Row>
  );
}
