import { KEYWORDS_MAX } from '@domain/constants';
import { addKeyword } from '@domain/ledger-search';
import { Pill, PillsInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';

/**
 * docs/product.md §2 / §5 keyword chips: added on Enter or when the field is left, trimmed, never empty or
 * twice, at most five, each removable.
 */
export function KeywordInput({
  value,
  onChange,
}: {
  value: string[];
  onChange: (keywords: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const full = value.length >= KEYWORDS_MAX;

  const commit = () => {
    const next = addKeyword(value, draft);
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms a Japanese IME conversion is not the end of a keyword.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <PillsInput
      label="キーワード"
      description={`Enterキーで追加します（${value.length}/${KEYWORDS_MAX}個）`}
    >
      <Pill.Group>
        {value.map((keyword) => (
          <Pill
            key={keyword}
            withRemoveButton
            onRemove={() => onChange(value.filter((k) => k !== keyword))}
            // Mantine hides the remove button from assistive technology and the keyboard; it is the
            // only way to remove a chip there, so it is a real button here.
            removeButtonProps={{
              'aria-label': `キーワード「${keyword}」を削除`,
              'aria-hidden': false,
              tabIndex: 0,
            }}
          >
            {keyword}
          </Pill>
        ))}
        <PillsInput.Field
          aria-label="キーワードを入力"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
          disabled={full}
          placeholder={full ? `キーワードは${KEYWORDS_MAX}個までです` : 'キーワードを入力'}
          maxLength={100}
        />
      </Pill.Group>
    </PillsInput>
  );
}
