// Bounds of the login form, shared by the form and the server's check: a
// longer user name or password is refused without being hashed or stored.
export const USERNAME_MAX_LENGTH = 100;
export const PASSWORD_MAX_LENGTH = 1024;
