import { MenuTrigger, type Selection } from 'react-aria-components';
import styled from 'styled-components';
import { Button } from './Button.tsx';
import { CategoriesLabel } from './CategoriesLabel.tsx';
import { CheckIcon } from './icons-more.tsx';
import { Menu } from './Menu.tsx';
import { MenuItem } from './MenuItem.tsx';
import { Popover } from './Popover.tsx';

export interface CategoryPickerProps {
  categories: string[];
  selected: string[];
  onChange(selected: string[]): void;
  isDisabled?: boolean;
  /** Open at once, focus on its button (it replaces a stand-in that was pressed: DeferredCategoryPicker). */
  defaultOpen?: boolean;
}

/** Keeps the column aligned whether or not the item is checked. */
const CheckSlot = styled.span`
  display: inline-flex;
  width: 18px;
`;

export function CategoryPicker({ categories, selected, onChange, isDisabled, defaultOpen = false }: CategoryPickerProps) {
  const count = selected.length;

  function handleSelectionChange(keys: Selection) {
    onChange(keys === 'all' ? [...categories] : Array.from(keys, String));
  }

  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button isDisabled={isDisabled || categories.length === 0} autoFocus={defaultOpen}>
        <CategoriesLabel count={count} />
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
