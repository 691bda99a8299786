// The console's shared building blocks (issue 22): every screen takes these instead of its own copy.
// admin-ui/src/shared holds what both apps use (no react-admin); this folder is the console's own kit.
export * from './permissions';
export * from './PageBanner';
export * from './RouteLink';
export * from './ConfirmDialog';
export * from './inputs';
export * from './text';
export * from './load';
export * from './layout';
