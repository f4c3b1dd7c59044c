import { HideIcon } from '../../ui/icons.tsx';
import { StateMessage } from '../../ui/StateMessage.tsx';
import { HiddenOutletsButton } from '../FrontPageControls.tsx';
import { HiddenOutletsDialog } from './HiddenOutletsDialog.tsx';

/**
 * The list when every story it would show is from a hidden outlet: says so, with "Hidden outlets ({M})"
 * (docs/product.md#hide-an-outlet). In the later part, as "No stories found" is: only a list emptied by hiding shows it.
 */
export function EveryStoryHidden() {
  return (
    <StateMessage>
      <HideIcon size={40} />
      <h2>Every story here is from an outlet you hid</h2>
      <HiddenOutletsButton Dialog={HiddenOutletsDialog} />
    </StateMessage>
  );
}
