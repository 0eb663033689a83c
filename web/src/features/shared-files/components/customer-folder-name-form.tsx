import { normaliseSharedPath } from '@domain/shared-path';
import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isHttpError } from '../../../lib/http';
import { registerCustomerFolderName } from '../api/register-customer-folder-name';

const NAME_MESSAGE = 'フォルダ名は「/」「\\」「.」を含まない1つの名前で入力してください。';
const FAILED_MESSAGE = 'フォルダ名を登録できませんでした。時間をおいて再度お試しください。';

/** The server's Japanese sentence of a refusal (400, 403, 404), else a general one. */
function messageOf(error: unknown): string {
  if (isHttpError(error) && error.status < 500) {
    const body = error.body as { message?: string } | null;
    if (body?.message) return body.message;
  }
  return FAILED_MESSAGE;
}

/**
 * Staff register the chosen customer's folder name in its bucket (docs/decisions/004): one name,
 * checked here as the server checks it, saved with an audit entry.
 */
export function CustomerFolderNameForm({ customerCode }: { customerCode: number }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: (folderName: string) => registerCustomerFolderName(customerCode, folderName),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = normaliseSharedPath(name.trim(), 'name');
    if (!checked.ok || checked.path === '') {
      setProblem(NAME_MESSAGE);
      return;
    }
    setProblem(null);
    register.mutate(checked.path);
  };

  const error = problem ?? (register.isError ? messageOf(register.error) : null);
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="folder-name"
    >
      <Title order={2} size="h5" id="folder-name">
        取引先のフォルダ名
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        取引先 {customerCode} のバケット内のフォルダ名を登録します（社内向け）。
      </Text>
      <form onSubmit={submit} aria-label="取引先のフォルダ名の登録" noValidate>
        <TextInput
          label="フォルダ名"
          value={name}
          maxLength={255}
          autoComplete="off"
          onChange={(event) => {
            setName(event.currentTarget.value);
            register.reset();
          }}
          error={error}
          maw="32rem"
          // The button beside the field, the message below both.
          inputContainer={(input) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <Button type="submit" loading={register.isPending}>
                登録
              </Button>
            </Group>
          )}
        />
        {register.isSuccess && (
          <Text size="sm" role="status" mt="xs">
            フォルダ名「{register.data.folder_name}」を登録しました。
          </Text>
        )}
      </form>
    </Paper>
  );
}
