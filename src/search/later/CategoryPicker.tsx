import { useEffect, useState } from 'react';
import { MenuTrigger, type Selection } from 'react-aria-components';
import styled from 'styled-components';
import { Button } from '../../ui/later/Button.tsx';
import { CategoriesLabel } from '../CategoriesLabel.tsx';
import type { CategoryPickerProps } from '../CategoryPickerButton.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { Menu } from '../../ui/later/Menu.tsx';
import { MenuItem } from '../../ui/later/MenuItem.tsx';
import { Popover } from '../../ui/later/Popover.tsx';


/** Keeps the column aligned whether or not the item is checked. */
const CheckSlot = styled.span`
  display: inline-flex;
  width: 18px;
`;

export function CategoryPicker({ categories, selected, onChange, isDisabled, defaultOpen = false, menuFocus }: CategoryPickerProps) {
  const count = selected.length;
  const [isOpen, setOpen] = useState(false);
  // Opened once the button has taken focus (its own effect runs first), so that closing the
  // menu returns focus to it.
  useEffect(() => {
    if (defaultOpen) setOpen(true);
    // Only on mount: later the menu opens and closes by its button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function handleSelectionChange(keys: Selection) {
    onChange(keys === 'all' ? [...categories] : Array.from(keys, String));
  }

  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button isDisabled={isDisabled || categories.length === 0} autoFocus={defaultOpen}>
        <CategoriesLabel count={count} />
      </Button>
      <Popover placement="bottom start">
        <Menu
          aria-label="Categories"
          autoFocus={menuFocus}
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
