import '@mantine/core/styles/List.layer.css';
import { Alert, List, Text } from '@mantine/core';

/** The ten backup codes, shown once after an enrolment. */
export function BackupCodesList({ codes }: { codes: string[] }) {
  return (
    <Alert color="orange" variant="light" title="バックアップコード">
      <Text size="sm" mb="sm">
        スマートフォンを紛失したときなど、認証アプリを使えないときに確認コードの代わりに入力できます。各コードは1回だけ使えます。
        <strong>この画面を閉じると二度と表示されません。</strong>
        印刷するか、安全な場所に書き写してください。
      </Text>
      <List
        listStyleType="none"
        spacing={4}
        styles={{ root: { columns: 2, fontFamily: 'monospace', fontSize: '1rem' } }}
        aria-label="バックアップコード一覧"
      >
        {codes.map((code) => (
          <List.Item key={code} data-testid="backup-code">
            {code}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
