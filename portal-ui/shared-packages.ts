/**
 * The npm packages that modules of admin-ui/src/shared (imported here as `@asp/client`) may import. The portal
 * resolves each from its own node_modules (vite.config.ts `resolve.dedupe`, tsconfig.json `paths`), so the shared
 * components run on the portal's one React, MUI and emotion; src/lib/client.test.ts holds the shared modules to
 * this list.
 */
export const SHARED_PACKAGES = ['react', 'react-dom', '@mui/material', '@emotion/react', '@emotion/styled'];
