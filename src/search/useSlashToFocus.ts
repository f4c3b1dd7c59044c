import { useEffect, type RefObject } from 'react';
import { isTextField } from '../browser/text-field.ts';

/**
 * "/" focuses the search box when focus is not in a text field (docs/product.md#accessible-names).
 * Part of the first render, with the box itself: a "/" pressed as soon as the page shows is kept.
 */
export function useSlashToFocus(ref: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTextField(event.target) || !ref.current) return;
      event.preventDefault();
      ref.current.focus();
      ref.current.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ref]);
}
