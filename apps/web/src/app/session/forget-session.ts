// What signing out forgets lives in lib/ (a feature that ends the session, "Delete my account", needs it too).
export { forgetSession } from '../../lib/forget-session';
