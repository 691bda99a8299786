import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { completeSsoReturn } from './lib/sso';

// The SSO code must be exchanged before the router reads the address (see lib/sso.ts).
completeSsoReturn().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
