// The console's shared building blocks (issue 22): every screen takes these instead of its own copy (the list with
// examples: docs/console.md). admin-ui/src/shared holds what both apps use (no react-admin); this folder is the
// console's own kit.
export * from './permissions';
export * from './PageTitle';
export * from './RouteLink';
export * from './ConfirmDialog';
export * from './ActionButton';
export * from './Pager';
export * from './RecordTabs';
export * from './RecordPicker';
export * from './recordKinds';
export * from './validation';
export * from './useApi';
export * from './format';
export * from './inputs';
export * from './text';
export * from './load';
export * from './layout';
export * from './history';
export * from './HistoryPanel';
