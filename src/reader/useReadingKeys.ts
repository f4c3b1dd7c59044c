import { useEffect, useRef } from 'react';
import { readingAction, stepCard } from '../domain/reading-keys.ts';
import { isTextField } from '../browser/text-field.ts';

/** The story cards in page order; each article carries its story's id. */
const CARD_SELECTOR = '#stories article[data-story-id]';
/** Where a letter belongs to the widget: menus and listboxes type-ahead, dialogs own their keys. */
const OWN_KEYS_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="grid"]';

export interface ReadingKeysHandlers {
  /** `o`: the focused card's story id. */
  onOpen(storyId: string): void;
  /** `b`: the focused card's story id. */
  onToggleBookmark(storyId: string): void;
  /** `f`: the focused card's story id. */
  onToggleFollow(storyId: string): void;
  /** `?`. */
  onHelp(): void;
}

function focusedCard(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof Element ? active.closest<HTMLElement>(CARD_SELECTOR) : null;
}

/**
 * j / k move focus between the story cards (the article itself, scrolled into view), o opens,
 * b bookmarks and f follows the focused one, m opens its "More options", ? asks for the shortcuts dialog; never while typing in a field,
 * inside a menu or dialog, or with Ctrl, Meta or Alt (docs/product.md#accessible-names).
 */
export function useReadingKeys(handlers: ReadingKeysHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTextField(event.target)) return;
      if (event.target instanceof Element && event.target.closest(OWN_KEYS_SELECTOR)) return;
      const action = readingAction(event);
      if (action === null) return;
      if (action === 'help') {
        event.preventDefault();
        latest.current.onHelp();
        return;
      }
      const current = focusedCard();
      if (action === 'next' || action === 'previous') {
        const cards = Array.from(document.querySelectorAll<HTMLElement>(CARD_SELECTOR));
        const index = stepCard(current ? cards.indexOf(current) : -1, cards.length, action);
        const card = index === null ? undefined : cards[index];
        if (!card) return;
        event.preventDefault();
        card.focus({ preventScroll: true });
        card.scrollIntoView?.({ block: 'nearest' });
        return;
      }
      const id = current?.dataset.storyId;
      if (id === undefined) return;
      event.preventDefault();
      // `m`: the card's own "More options" button, pressed as a keyboard press (its menu opens on its first item).
      if (action === 'options') {
        current?.querySelector<HTMLButtonElement>('button[data-more-options]')?.click();
        return;
      }
      if (action === 'open') latest.current.onOpen(id);
      else if (action === 'follow') latest.current.onToggleFollow(id);
      else latest.current.onToggleBookmark(id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
