// GET /api/auth/config is shared with the portal (shared/sso); Session and authProvider read it through here.
export { loadAuthConfig, type AuthConfig } from '../shared/sso';
