import { useOpenInquiryCount } from '../../api/get-open-inquiry-count';
import classes from './side-nav.module.css';

/**
 * Beside お問い合わせ, for staff: how many requests wait for them (未対応). Loaded on its own, for
 * staff only, so that the menu in every screen's first load carries neither the query nor its
 * schema (decision 013's budgets).
 */
export default function InquiryCount() {
  const open = useOpenInquiryCount(true).data?.open ?? 0;
  if (open === 0) return null;
  // A plain span rather than Mantine's Badge, for the same reason.
  return (
    <span className={classes.count}>
      <span aria-hidden="true">{open}</span>
      <span className={classes.hidden}>未対応 {open}件</span>
    </span>
  );
}
