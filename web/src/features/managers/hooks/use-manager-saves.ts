import { MAIL_HELD_ELSEWHERE, MAIL_NOT_CONFIRMED } from '@domain/manager-row';
import type { EditRow, EditRowsState } from '../../../hooks/use-edit-rows';
import { isHttpError } from '../../../lib/http';
import { errorDescription, refusedFields } from '../../../lib/refused-fields';
import { showErrorToast, showSuccessToast } from '../../../lib/toasts';
import { type UserInput, useAddUser } from '../api/add-user';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';
import {
  DUPLICATE_CUSTOMER_CODE_MESSAGE,
  DUPLICATE_MAIL_MESSAGE,
  MAIL_HELD_ELSEWHERE_MESSAGE,
  MAIL_NOT_CONFIRMED_MESSAGE,
  userToasts,
} from '../utils/manager-messages';
import type { UserValues } from '../utils/manager-values';

/**
 * Register and delete of the managers rows (docs/product.md §4 Edit rows, §8 Managers): the
 * toasts of each outcome, the 409 duplicates marked on their cell, the error dialog otherwise.
 */
export function useManagerSaves({
  editor,
  customerName,
  reload,
  openError,
}: {
  editor: EditRowsState<UserValues>;
  customerName: (code: number) => string;
  /** Reads the list again (a row gone meanwhile: 404). */
  reload: () => void;
  openError: () => void;
}) {
  const add = useAddUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();

  const inputOf = (values: UserValues): UserInput => {
    const code = Number(values.customer_code);
    return {
      mail: values.mail.trim(),
      user_name: values.user_name.trim(),
      customer_code: code,
      customer_name: customerName(code),
      user_type_id: Number(values.user_type_id),
      shipment_mail: values.shipment_mail === 'on',
    };
  };

  const failSave = (error: unknown, row: EditRow<UserValues>) => {
    if (isHttpError(error, 409) && error.code === MAIL_HELD_ELSEWHERE.code) {
      // An account outside the administrator's corporation. Its description names the
      // mail too, so the duplicate toast below would say the wrong thing; the cell is marked as
      // registered (it is, elsewhere).
      showErrorToast(MAIL_HELD_ELSEWHERE_MESSAGE);
      editor.markProblem(row.key, 'mail', 'duplicate');
      return;
    }
    if (isHttpError(error, 409) && error.code === MAIL_NOT_CONFIRMED.code) {
      // An account that has not proved the mail (Firebase): not joined to the row.
      showErrorToast(MAIL_NOT_CONFIRMED_MESSAGE);
      editor.markProblem(row.key, 'mail', 'invalid');
      return;
    }
    if (isHttpError(error, 409)) {
      // docs/product.md §8: the description says whether the mail or the customer code is the duplicate.
      const mail = (errorDescription(error) ?? '').includes('mail');
      showErrorToast(mail ? DUPLICATE_MAIL_MESSAGE : DUPLICATE_CUSTOMER_CODE_MESSAGE);
      editor.markProblem(row.key, mail ? 'mail' : 'customer_code', 'duplicate');
      return;
    }
    for (const field of refusedFields(error)) {
      if (field in row.values) editor.markProblem(row.key, field as keyof UserValues);
    }
    if (isHttpError(error, 404)) reload();
    openError();
  };

  const register = (row: EditRow<UserValues>) => {
    editor
      .register(row.key, async ({ id, values }) => {
        const input = inputOf(values);
        if (id === null) {
          const { shipment_mail: _newRowsAreOn, ...addInput } = input;
          const saved = await add.mutateAsync(addInput);
          if (saved.is_new_account && !saved.invitation_sent) {
            showErrorToast(userToasts.createdWithoutInvitation(input.user_name));
          } else {
            showSuccessToast(
              saved.is_new_account
                ? userToasts.created(input.user_name)
                : userToasts.customerAdded(input.user_name, input.customer_code),
            );
          }
        } else {
          await update.mutateAsync({ id, input });
          showSuccessToast(userToasts.updated(input.user_name));
        }
      })
      .catch((error: unknown) => failSave(error, row));
  };

  const confirmDelete = () => {
    editor
      .confirmDelete(async ({ id, original }) => {
        await remove.mutateAsync(id!);
        showSuccessToast(userToasts.deleted(original.user_name));
      })
      .catch(openError);
  };

  return { register, confirmDelete };
}
