import { MenuTrigger, type Selection } from 'react-aria-components';
import styled from 'styled-components';
import { visuallyHidden } from '../theme/mixins.ts';
import { Button } from './Button.tsx';
import { CheckIcon, ChevronDownIcon, FilterIcon } from './icons-more.tsx';
import { Menu } from './Menu.tsx';
import { MenuItem } from './MenuItem.tsx';
import { Popover } from './Popover.tsx';

export interface CategoryPickerProps {
  categories: string[];
  selected: string[];
  onChange(selected: string[]): void;
  isDisabled?: boolean;
}

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 22px;
  height: 22px;
  padding: 0 ${({ theme }) => theme.space(1.5)};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accent};
  color: ${({ theme }) => theme.color.onAccent};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

/** Keeps the column aligned whether or not the item is checked. */
const CheckSlot = styled.span`
  display: inline-flex;
  width: 18px;
`;

export function CategoryPicker({ categories, selected, onChange, isDisabled }: CategoryPickerProps) {
  const count = selected.length;

  function handleSelectionChange(keys: Selection) {
    onChange(keys === 'all' ? [...categories] : Array.from(keys, String));
  }

  return (
    <MenuTrigger>
      {/* Named by its content, "Categories 2 selected", so the name holds the visible text (WCAG 2.5.3). */}
      <Button isDisabled={isDisabled || categories.length === 0}>
        <FilterIcon size={18} />
        Categories
        {count > 0 && (
          <>
            {' '}
            <Badge>{count}</Badge>
            <Hidden> selected</Hidden>
          </>
        )}
        <ChevronDownIcon size={16} />
      </Button>
      <Popover placement="bottom start">
        <Menu
          aria-label="Categories"
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={handleSelectionChange}
          shouldCloseOnSelect={false}
        >
          {categories.map((category) => (
            <MenuItem key={category} id={category} textValue={category}>
              {({ isSelected }) => (
                <>
                  <CheckSlot>{isSelected && <CheckIcon size={18} />}</CheckSlot>
                  {category}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
