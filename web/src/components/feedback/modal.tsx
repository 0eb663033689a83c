// Mantine's Modal in a chunk of its own, which DialogModal loads when a dialog first opens
// (decision 013, size budgets).
export { Modal } from '@mantine/core';
