// Mantine's Select in a chunk of its own, which LazySelect loads where a select is shown (decision
// 013, size budgets).
export { Select } from '@mantine/core';
