import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { forwardRef } from 'react';
import { useHydrated } from '../../lib/server-rendering';

/**
 * A password input whose eye button says what it will do: 「…を表示」 while the password is hidden,
 * 「…を隠す」 while it shows. `what` names the field in that label (e.g. パスワード).
 */
export const RevealablePasswordInput = forwardRef<
  HTMLInputElement,
  Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'> & { what: string }
>(function RevealablePasswordInput({ what, ...props }, ref) {
  const [visible, { toggle }] = useDisclosure(false);
  // In the server's HTML of the login screen (decision 019) the eye button does nothing until the
  // script has run: it says so, as the login button does.
  const hydrated = useHydrated();
  return (
    <PasswordInput
      ref={ref}
      {...props}
      visible={visible}
      onVisibilityChange={toggle}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': visible ? `${what}を隠す` : `${what}を表示`,
        'aria-disabled': hydrated ? undefined : true,
      }}
    />
  );
});
