import { LEDGER_EXPORT_FORMATS } from '@domain/api/ledger';
import { Menu } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { EXPORT_FORMAT_LABELS } from '../utils/order-messages';
import { ExportButton, type ExportMenuProps } from './export-button';

/**
 * The export's menu (export-menu.tsx loads it on the button's first press): open at once, since
 * that press asked for it, with the keyboard focus back on its button, which replaced the bare one.
 */
export function ExportMenuDropdown(props: ExportMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // After the menu's own focus handling: only if the focus was left on the page's body.
    const timer = window.setTimeout(() => {
      if (document.activeElement === document.body) target.current?.focus();
    });
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" defaultOpened>
      <Menu.Target>
        <ExportButton ref={target} {...props} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>検索結果をすべて出力</Menu.Label>
        {LEDGER_EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => void props.exporter.start(format)}>
            {EXPORT_FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
