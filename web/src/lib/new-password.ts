import { newPasswordRefusal, PASSWORD_POLICY_TEXT } from '@domain/password-policy';

// The checks of a new password wherever one is chosen (the reset screen, the account page's
// password change): docs/product.md §5's policy, no surrounding space, and the confirmation.

export const NEW_PASSWORD_TEXTS = {
  enterPassword: '新しいパスワードを入力してください。',
  policyNotMet: 'パスワードが条件を満たしていません。',
  enterConfirmation: '確認のため、新しいパスワードをもう一度入力してください。',
  mismatch: 'パスワードが一致しません。',
} as const;

export interface NewPasswordErrors {
  newPassword?: string;
  confirmation?: string;
}

export function validateNewPassword(newPassword: string, confirmation: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (newPassword === '') errors.newPassword = NEW_PASSWORD_TEXTS.enterPassword;
  else {
    // The domain's rule; the screen says its own shorter sentence for the policy, whose
    // conditions it lists beside the field.
    const refusal = newPasswordRefusal(newPassword);
    if (refusal) {
      errors.newPassword =
        refusal === PASSWORD_POLICY_TEXT ? NEW_PASSWORD_TEXTS.policyNotMet : refusal;
    }
  }
  if (confirmation === '') errors.confirmation = NEW_PASSWORD_TEXTS.enterConfirmation;
  else if (confirmation !== newPassword) errors.confirmation = NEW_PASSWORD_TEXTS.mismatch;
  return errors;
}
